import { Icon } from "~/components/ui/icon.tsx";
import { useModKey } from "./key-caps.tsx";
import { useOpenPalette } from "./keyboard-layer.tsx";

/** The top bar's way into the command palette: a search field's look on wide screens, an icon on phones. */
export function PaletteButton() {
  const openPalette = useOpenPalette();
  const mod = useModKey();
  if (!openPalette) return null;
  return (
    <button
      type="button"
      onClick={openPalette}
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      aria-label="Search and commands"
      className="ml-auto flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm text-muted ring-1 ring-line hover:bg-subtle focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus lg:w-56"
    >
      <Icon name="search" className="h-4 w-4 shrink-0" />
      <span className="hidden flex-1 text-left lg:inline">Search...</span>
      <kbd className="hidden font-sans text-xs lg:inline">{mod} K</kbd>
    </button>
  );
}
