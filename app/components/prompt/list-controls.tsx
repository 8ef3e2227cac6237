import { SearchBox } from "./search-box.tsx";
import { SortSelect } from "./sort-select.tsx";

/** Search and order, above a library's list. */
export function ListControls(props: { term: string }) {
  return (
    <div className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <SearchBox term={props.term} label="Search prompts" />
      </div>
      <SortSelect searching={props.term !== ""} />
    </div>
  );
}
