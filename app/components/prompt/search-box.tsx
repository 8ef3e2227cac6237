import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";

/**
 * Long enough to skip the keys of a word typed in one go, short enough that the results follow
 * the last key within 150 ms on a local server (the new list loads while the old one stays).
 */
const debounceMs = 80;

/** Searches as you type (debounced); the term lives in the URL as ?q=, so it can be shared. */
export function SearchBox(props: { term: string; label: string }) {
  const [, setSearchParams] = useSearchParams();
  const [value, setValue] = useState(props.term);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setValue(props.term), [props.term]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function change(next: string) {
    setValue(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setSearchParams(
        (params) => {
          if (next.trim()) params.set("q", next);
          else params.delete("q");
          params.delete("cursor");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }, debounceMs);
  }

  return (
    <search className="relative block">
      <label htmlFor="prompt-search" className="sr-only">
        {props.label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ghost"
        aria-hidden="true"
      />
      <input
        id="prompt-search"
        type="search"
        name="q"
        value={value}
        onChange={(event) => change(event.target.value)}
        placeholder={`${props.label}...`}
        className="block w-full rounded-lg border-0 py-2 pr-3 pl-9 text-fg ring-1 ring-line-strong ring-inset placeholder:text-faint focus:ring-2 focus:ring-focus focus:ring-inset"
      />
    </search>
  );
}
