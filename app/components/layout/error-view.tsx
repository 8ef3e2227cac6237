import { isRouteErrorResponse } from "react-router";
import { unavailableText } from "../../../shared/messages.ts";

/**
 * What shows in place of a page that failed, wherever the failure is caught: an outage says so,
 * anything else is unexpected. `wholePage` when nothing else is on the page (the root boundary);
 * otherwise it sits inside a layout's own main area, under its header.
 */
export function ErrorView(props: { error: unknown; wholePage?: boolean }) {
  const status = isRouteErrorResponse(props.error) ? props.error.status : 500;
  // Not found: what is not there, and what the person may not see (another's, a team they are
  // not in), read the same.
  const heading = status === 404 ? "Not found" : "Something went wrong";
  const content = (
    <>
      <title>{`${heading} | PromptShelf`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-muted">
        {status === 503
          ? unavailableText
          : status === 404
            ? "There is nothing here, or it is not yours to see."
            : "An unexpected error occurred. Please try again."}
      </p>
      <a className="font-medium text-accent-text underline" href="/">
        Go Home
      </a>
    </>
  );
  return props.wholePage ? (
    <main
      id="main"
      className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center"
    >
      {content}
    </main>
  ) : (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
      {content}
    </div>
  );
}
