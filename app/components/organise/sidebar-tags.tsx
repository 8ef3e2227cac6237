import { useNavigate } from "react-router";
import { withSearch } from "~/lib/search-params.ts";
import type { Tag } from "./library-context.tsx";
import { SidebarItemMenu } from "./sidebar-item-menu.tsx";

/** The sidebar's tags: a checkbox filter for each (all ticked must match), with its menu. */
export function SidebarTags(props: {
  tags: Tag[];
  /** The list's query string, which each filter keeps. */
  search: string;
  /** The tags in the URL, lower-cased. */
  selectedTags: string[];
  onRename: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="tags-heading">
      <h2
        id="tags-heading"
        className="mb-1 px-2 text-xs font-semibold tracking-wide text-faint uppercase"
      >
        Tags
      </h2>
      {props.tags.length === 0 ? (
        <p className="px-2 text-faint">Tag a prompt to filter by it.</p>
      ) : (
        <ul className="space-y-0.5">
          {props.tags.map((tag) => {
            const checked = props.selectedTags.includes(tag.name.toLowerCase());
            return (
              <li key={tag.name} className="group flex items-center rounded-md hover:bg-subtle">
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 px-2 py-1.5 text-fg">
                  {/* Uncontrolled, so it ticks at once; it is re-created when the URL settles. */}
                  <input
                    key={`${tag.name}:${checked}`}
                    type="checkbox"
                    defaultChecked={checked}
                    onChange={() =>
                      navigate(
                        withSearch(props.search, (p) => {
                          const rest = p
                            .getAll("tag")
                            .filter((t) => t.toLowerCase() !== tag.name.toLowerCase());
                          p.delete("tag");
                          for (const t of checked ? rest : [...rest, tag.name]) p.append("tag", t);
                        }),
                        { preventScrollReset: true },
                      )
                    }
                  />
                  <span className="truncate">#{tag.name}</span>
                  <span className="ml-auto text-xs text-faint tabular-nums">{tag.promptCount}</span>
                </label>
                <SidebarItemMenu
                  label={`Tag actions for ${tag.name}`}
                  minWidth="min-w-40"
                  items={[
                    { label: "Rename", onSelect: () => props.onRename(tag) },
                    { label: "Delete everywhere", onSelect: () => props.onDelete(tag) },
                  ]}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
