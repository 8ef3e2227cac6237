import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { copyText, countCopy } from "~/components/prompt/copy-text.ts";
import { useSignOut } from "~/components/session/use-sign-out.ts";
import { api } from "~/lib/api-client.ts";
import { applyThemeChoice } from "~/lib/theme.ts";
import type { Prompt, WholePrompt } from "../../../shared/prompt.ts";
import { CommandPalette } from "./command-palette.tsx";
import { newPromptState } from "./new-prompt.ts";
import { pressPageControl, somethingOpen } from "./page-controls.ts";
import type { CommandActions } from "./palette-commands.ts";
import { controlKeys } from "./shortcut-keys.ts";
import type { ShortcutActions } from "./shortcuts.ts";
import { ShortcutsDialog } from "./shortcuts-dialog.tsx";
import { TemplateLauncher } from "./template-launcher.tsx";
import { useShortcuts } from "./use-shortcuts.ts";

type Layer = "palette" | "shortcuts";

const OpenPalette = createContext<(() => void) | null>(null);

/** Opens the command palette (the top bar's search button); null outside the signed-in pages. */
export function useOpenPalette() {
  return useContext(OpenPalette);
}

/** Copies a prompt found in the palette: its whole text, fetched if the list gave only the start. */
function copyPrompt(prompt: Prompt) {
  const text = prompt.truncated
    ? () =>
        api<WholePrompt>("GET", `/api/v1/prompts/${prompt.id}`).then((whole) => whole.promptText)
    : prompt.promptText;
  void copyText(text).then((copied) => {
    if (copied) countCopy(prompt.id);
  });
}

/**
 * The keyboard around every signed-in page: the shortcuts, the command palette, the "?" list
 * of shortcuts, and a template's form opened from the palette.
 */
export function KeyboardLayer(props: { children: ReactNode }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const [open, setOpen] = useState<Layer | null>(null);
  // A dialog closing clears only itself: the browser tells a <dialog> closed by Escape a task
  // later, by which time a quick Ctrl+K may have opened the palette in its place.
  const close = useCallback(
    (layer: Layer) => setOpen((current) => (current === layer ? null : current)),
    [],
  );
  const [template, setTemplate] = useState<Prompt | null>(null);
  // Where focus was before the palette opened, for after a template's form it led to closes.
  const returnFocus = useRef<Element | null>(null);
  const openPalette = useCallback(() => {
    if (somethingOpen()) return;
    returnFocus.current = document.activeElement;
    setOpen("palette");
  }, []);

  const go = (path: string) => void navigate(path);
  const newPrompt = () => {
    if (!pressPageControl(controlKeys.newPrompt))
      void navigate("/dashboard", { state: newPromptState });
  };
  const shortcutActions: ShortcutActions = {
    togglePalette: () => (open === "palette" ? close("palette") : openPalette()),
    showShortcuts: () => setOpen("shortcuts"),
    newPrompt,
    go,
  };
  useShortcuts(shortcutActions);
  const commandActions: CommandActions = {
    newPrompt,
    showShortcuts: () => setOpen("shortcuts"),
    signOut: () => void signOut(),
    go,
    setTheme: applyThemeChoice,
  };
  const templateClosed = useCallback(() => {
    setTemplate(null);
    if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus();
  }, []);

  return (
    <OpenPalette.Provider value={openPalette}>
      {props.children}
      <CommandPalette
        open={open === "palette"}
        onOpenChange={(next) => (next ? setOpen("palette") : close("palette"))}
        actions={commandActions}
        onCopy={copyPrompt}
        onUseTemplate={setTemplate}
      />
      <ShortcutsDialog open={open === "shortcuts"} onClose={() => close("shortcuts")} />
      {template ? (
        <TemplateLauncher key={template.id} prompt={template} onClosed={templateClosed} />
      ) : null}
    </OpenPalette.Provider>
  );
}
