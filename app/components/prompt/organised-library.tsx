import type { ReactNode } from "react";
import type { Folder, Tag } from "~/components/organise/library-context.tsx";
import { LibrarySidebar } from "~/components/organise/library-sidebar.tsx";

/**
 * A library with folders and tags: they stand beside the page on large screens (a drawer opens
 * them on smaller ones, from the page's header).
 */
export function OrganisedLibrary(props: {
  organisers: { folders: Folder[]; tags: Tag[] };
  children: ReactNode;
}) {
  return (
    <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      <aside className="hidden lg:block">
        <div className="sticky top-24">
          <LibrarySidebar folders={props.organisers.folders} tags={props.organisers.tags} />
        </div>
      </aside>
      {/* The skip link's stop: past the folders and tags, at the page's heading. */}
      <div className="min-w-0 focus:outline-none" data-skip-target tabIndex={-1}>
        {props.children}
      </div>
    </div>
  );
}
