import { useLocation, useNavigate } from "react-router";
import { selectClass } from "~/components/ui/field-classes.ts";
import { withSearch } from "~/lib/search-params.ts";
import { type SortOrder, sortLabels, sortOrders } from "../../../shared/prompt.ts";

/**
 * The list's order, kept in the URL with the search and filters. A search is in best-match order
 * unless another is picked; best match is offered only while searching, and the manual order (the
 * one the person set by moving cards) only in their own library and folders.
 */
export function SortSelect(props: { searching: boolean; manual?: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const fallback: SortOrder = props.searching ? "relevance" : "newest";
  const current = (new URLSearchParams(location.search).get("sort") ?? fallback) as SortOrder;
  const offered = sortOrders.filter(
    (order) =>
      (order !== "relevance" || props.searching) && (order !== "manual" || props.manual === true),
  );
  return (
    <label className="flex shrink-0 items-center gap-2 text-sm text-fg-soft">
      Sort by
      <select
        value={offered.includes(current) ? current : "newest"}
        onChange={(event) =>
          navigate(
            withSearch(location.search, (params) => {
              if (event.target.value === fallback) params.delete("sort");
              else params.set("sort", event.target.value);
            }),
            { replace: true, preventScrollReset: true },
          )
        }
        className={selectClass}
      >
        {offered.map((order) => (
          <option key={order} value={order}>
            {sortLabels[order]}
          </option>
        ))}
      </select>
    </label>
  );
}
