import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";

/** Below large screens the library's sidebar opens in a drawer, from a button named for it. */
export function SidebarDrawer(props: { title: string; description: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: choosing a folder or tag navigates; the drawer then closes.
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="lg:hidden">
          <Icon name="folder-tree" className="h-4 w-4" /> {props.title}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-surface p-5 shadow-2xl focus:outline-none lg:hidden">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="font-semibold text-fg">{props.title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={`Close ${props.title.toLowerCase()}`}>
                <Icon name="x" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
