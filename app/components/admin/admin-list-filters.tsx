import { UserSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { withSearch } from "~/lib/search-params.ts";
import type { ListVisibility } from "../../../server/prompts/prompt-input.ts";

const debounceMs = 300;

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
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search).get("owner") ?? "";
  const [value, setValue] = useState(current);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setValue(current), [current]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function change(next: string) {
    setValue(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void navigate(
        withSearch(window.location.search, (params) => {
          if (next.trim()) params.set("owner", next);
          else params.delete("owner");
        }),
        { replace: true, preventScrollReset: true },
      );
    }, debounceMs);
  }

  return (
    <div className="relative sm:w-64">
      <label htmlFor="owner-filter" className="sr-only">
        Owner email contains
      </label>
      <UserSearch
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ghost"
        aria-hidden="true"
      />
      <input
        id="owner-filter"
        type="search"
        name="owner"
        value={value}
        onChange={(event) => change(event.target.value)}
        placeholder="Owner email contains..."
        className="block w-full rounded-lg border-0 py-2 pr-3 pl-9 text-fg ring-1 ring-line-strong ring-inset placeholder:text-faint focus:ring-2 focus:ring-focus focus:ring-inset"
      />
    </div>
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
        className="rounded-lg border-0 py-1.5 pr-8 pl-3 text-sm ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
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
