import { useLocation, useNavigate } from "react-router";
import { withSearch } from "~/lib/search-params.ts";
import { type SortOrder, sortLabels, sortOrders } from "../../../shared/prompt.ts";

/** The list's order, kept in the URL with the search and filters. */
export function SortSelect() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = (new URLSearchParams(location.search).get("sort") ?? "newest") as SortOrder;
  return (
    <label className="flex items-center gap-2 text-sm text-fg-soft">
      Sort by
      <select
        value={current}
        onChange={(event) =>
          navigate(
            withSearch(location.search, (params) => {
              if (event.target.value === "newest") params.delete("sort");
              else params.set("sort", event.target.value);
            }),
            { replace: true, preventScrollReset: true },
          )
        }
        className="rounded-lg border-0 py-1.5 pr-8 pl-3 text-sm ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
      >
        {sortOrders.map((order) => (
          <option key={order} value={order}>
            {sortLabels[order]}
          </option>
        ))}
      </select>
    </label>
  );
}
