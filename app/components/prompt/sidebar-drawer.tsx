import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Folder, Tag } from "~/components/organise/library-context.tsx";
import { LibrarySidebar } from "~/components/organise/library-sidebar.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";

/** Below large screens the folders and tags open in a drawer. */
export function SidebarDrawer(props: { organisers: { folders: Folder[]; tags: Tag[] } }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: choosing a folder or tag navigates; the drawer then closes.
  useEffect(() => setOpen(false), [location.search]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="lg:hidden">
          <Icon name="folder-tree" className="h-4 w-4" /> Folders &amp; tags
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-surface p-5 shadow-2xl focus:outline-none lg:hidden">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="font-semibold text-fg">Folders &amp; tags</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close folders and tags">
                <Icon name="x" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Filter your library by folder or tag
          </Dialog.Description>
          <LibrarySidebar folders={props.organisers.folders} tags={props.organisers.tags} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
