import { useLocation, useNavigate } from "react-router";
import { SearchBox } from "~/components/prompt/search-box.tsx";
import { selectClass } from "~/components/ui/field-classes.ts";
import { withSearch } from "~/lib/search-params.ts";
import type { ListVisibility } from "../../../server/prompts/prompt-input.ts";

const visibilityLabels: Record<ListVisibility, string> = {
  all: "All prompts",
  shared: "Shared (community)",
  private: "Private (personal)",
};

/** What only an administrator's list has: whose prompts, and shared or private. */
export function AdminListFilters() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <OwnerFilter />
      <VisibilitySelect />
    </div>
  );
}

/** Is the list narrowed by owner or visibility (so an empty list says so)? */
export function hasAdminFilters(search: string) {
  const params = new URLSearchParams(search);
  return Boolean(params.get("owner")?.trim()) || (params.get("visibility") ?? "all") !== "all";
}

/** Owners whose email contains the text; like the search, it follows typing and lives in ?owner=. */
function OwnerFilter() {
  const location = useLocation();
  const current = new URLSearchParams(location.search).get("owner") ?? "";
  return (
    <SearchBox
      term={current}
      label="Owner email contains"
      param="owner"
      icon="user-search"
      className="sm:w-64"
    />
  );
}

function VisibilitySelect() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = (new URLSearchParams(location.search).get("visibility") ??
    "all") as ListVisibility;
  return (
    <label className="flex items-center gap-2 text-sm text-fg-soft">
      Visibility
      <select
        value={current}
        onChange={(event) =>
          navigate(
            withSearch(location.search, (params) => {
              if (event.target.value === "all") params.delete("visibility");
              else params.set("visibility", event.target.value);
            }),
            { replace: true, preventScrollReset: true },
          )
        }
        className={selectClass}
      >
        {Object.entries(visibilityLabels).map(([visibility, label]) => (
          <option key={visibility} value={visibility}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}
