import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { controlKeys } from "~/components/keyboard/shortcut-keys.ts";
import { searchFieldClass } from "~/components/ui/field-classes.ts";
import { Icon } from "~/components/ui/icon.tsx";
import type { IconName } from "~/components/ui/icon-names.ts";

/**
 * Long enough to skip the keys of a word typed in one go, short enough that the results follow
 * the last key within 150 ms on a local server (the new list loads while the old one stays).
 */
const debounceMs = 80;

/**
 * Searches as you type (debounced); the term lives in the URL (?q= unless another parameter is
 * named, such as the admin list's ?owner=), so it can be shared.
 */
export function SearchBox(props: {
  term: string;
  label: string;
  param?: string;
  icon?: IconName;
  className?: string;
}) {
  const param = props.param ?? "q";
  const [, setSearchParams] = useSearchParams();
  const [value, setValue] = useState(props.term);
  const timer = useRef<number | undefined>(undefined);
  // Terms this box sent to the URL (as the loader reads them, trimmed) since it last took one
  // from outside. The answer to an earlier key can arrive while the person is still typing: it
  // must not put its term back in the box (the keys typed since would land after it, and a
  // trailing space would go), so only a term the box did not send (the back button, a link)
  // replaces what is typed.
  const sent = useRef(new Set<string>());
  useEffect(() => {
    if (sent.current.has(props.term)) return;
    sent.current.clear();
    setValue(props.term);
  }, [props.term]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function change(next: string) {
    setValue(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      sent.current.add(next.trim());
      setSearchParams(
        (params) => {
          if (next.trim()) params.set(param, next);
          else params.delete(param);
          params.delete("cursor");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }, debounceMs);
  }

  return (
    <search className={`relative block ${props.className ?? ""}`}>
      <label htmlFor={`search-${param}`} className="sr-only">
        {props.label}
      </label>
      <Icon
        name={props.icon ?? "search"}
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ghost"
      />
      <input
        id={`search-${param}`}
        type="search"
        name={param}
        value={value}
        onChange={(event) => change(event.target.value)}
        placeholder={`${props.label}...`}
        aria-keyshortcuts={param === "q" ? controlKeys.search : undefined}
        className={searchFieldClass}
      />
    </search>
  );
}
