/**
 * The first stop of the keyboard: jumps past the header (and, on library pages, the folders and
 * tags) to where the page's own content starts. Without scripts it still goes to <main>.
 */
export function SkipLink() {
  return (
    // biome-ignore lint/a11y/useValidAnchor: an in-page link first; the script only picks a later target.
    <a
      href="#main"
      onClick={(event) => {
        const target = document.querySelector<HTMLElement>("[data-skip-target]");
        if (!target) return;
        event.preventDefault();
        target.focus();
      }}
      className="sr-only rounded-lg bg-accent px-4 py-2 font-medium text-on-accent focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70]"
    >
      Skip to content
    </a>
  );
}
