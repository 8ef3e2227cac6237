import type { ReactNode } from "react";

/**
 * A library with a sidebar (its libraries, folders and tags): it stands beside the page on large
 * screens (a drawer opens it on smaller ones, from the page's header).
 */
export function OrganisedLibrary(props: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-8">
      <aside className="hidden lg:block">
        <div className="sticky top-24">{props.sidebar}</div>
      </aside>
      {/* The skip link's stop: past the sidebar, at the page's heading. */}
      <div className="min-w-0 focus:outline-none" data-skip-target tabIndex={-1}>
        {props.children}
      </div>
    </div>
  );
}
