import { ContinueWithGoogle } from "~/components/auth/continue-with-google.tsx";
import { signInSubtitle, signInTitle } from "~/components/auth/sign-in-text.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { leaveSignInPage, signInReturnPath } from "~/routes/guards.server.ts";
import type { Route } from "./+types/login";

/** `?returnTo=` names a page of this site to come back to once signed in (an invitation's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = signInReturnPath(request);
  await leaveSignInPage(context, returnTo);
  return { returnTo };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/login",
    title: "Sign in | PromptShelf",
    description: "Sign in to PromptShelf with your Google account to reach your prompt library.",
    noindex: true,
  });

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl bg-surface p-8 shadow-xl ring-1 ring-line">
        <h1 className="text-center text-2xl font-bold text-fg">{signInTitle}</h1>
        <p className="mt-2 mb-6 text-center text-muted">{signInSubtitle}</p>
        <ContinueWithGoogle returnTo={loaderData.returnTo} />
      </div>
    </main>
  );
}
