import { SearchBox } from "./search-box.tsx";
import { SortSelect } from "./sort-select.tsx";

/**
 * Search and order, above a library's list; `manual`: a library with a manual order (the
 * person's, a team's), which offers Manual.
 */
export function ListControls(props: { term: string; manual?: boolean }) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <SearchBox term={props.term} label="Search prompts" />
      </div>
      <SortSelect searching={props.term !== ""} manual={props.manual ?? false} />
    </div>
  );
}
