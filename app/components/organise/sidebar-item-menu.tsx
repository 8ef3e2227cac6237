import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Icon } from "~/components/ui/icon.tsx";

const menuItem =
  "flex cursor-pointer rounded-md px-3 py-2 text-sm text-fg-soft outline-none data-[highlighted]:bg-subtle";

/** The "..." menu beside a folder or tag in the sidebar. */
export function SidebarItemMenu(props: {
  /** The trigger's accessible name, e.g. "Folder actions for Work". */
  label: string;
  /** The menu's minimum width, as a class. */
  minWidth: "min-w-40" | "min-w-44";
  items: { label: string; onSelect: () => void }[];
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={props.label}
        className="rounded p-1 text-faint hover:bg-subtle-strong"
      >
        <Icon name="more-horizontal" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          className={`z-50 ${props.minWidth} rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line`}
        >
          {props.items.map((item) => (
            <DropdownMenu.Item key={item.label} className={menuItem} onSelect={item.onSelect}>
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
