import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "./icon.tsx";

/** A button that shows a list of links below it; Escape or a click elsewhere closes it. */
export function DisclosureMenu(props: {
  label: string;
  links: { to: string; label: string }[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={`relative ${props.className ?? ""}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-fg-soft hover:bg-subtle"
      >
        {props.label} <Icon name="chevron-down" className="h-4 w-4" />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute right-0 z-50 mt-1.5 min-w-56 rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line"
      >
        {props.links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2 text-sm text-fg-soft hover:bg-subtle"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
