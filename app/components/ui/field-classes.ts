/** The look of the app's text fields and selects, in one place. */
export const fieldClass =
  "mt-1 block w-full rounded-lg border-0 px-3 py-2 text-fg ring-1 ring-line-strong ring-inset placeholder:text-ghost focus:ring-2 focus:ring-focus focus:ring-inset";

/** A search field with its icon inside, on the left. */
export const searchFieldClass =
  "block w-full rounded-lg border-0 py-2 pr-3 pl-9 text-fg ring-1 ring-line-strong ring-inset placeholder:text-faint focus:ring-2 focus:ring-focus focus:ring-inset";

/** A compact select beside a list (sort, visibility). */
export const selectClass =
  "rounded-lg border-0 py-1.5 pr-8 pl-3 text-sm ring-1 ring-line-strong focus:ring-2 focus:ring-focus";
