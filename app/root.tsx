import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { SessionUser } from "../shared/session-user.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { DevSignInNotice } from "./components/layout/dev-sign-in-notice.tsx";
import { ErrorView } from "./components/layout/error-view.tsx";
import { FlashToasts } from "./components/session/flash-toasts.tsx";
import { SessionProvider } from "./components/session/session-provider.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { appContext } from "./lib/app-context.ts";
import { useNonce } from "./lib/nonce.tsx";
import type { RootData } from "./lib/root-data.ts";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The same for every visitor: no session lookup here, so public pages can be cached whole. */
export function loader({ context }: Route.LoaderArgs): RootData {
  const { config } = context.get(appContext);
  return {
    origin: config.publicOrigin,
    devSignIn: config.signIn.provider === "development",
    contact: config.contact,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const library = useRouteLoaderData("library") as { user: SessionUser } | undefined;
  return (
    <SessionProvider initialUser={library?.user} privatePage={Boolean(library)}>
      <DevSignInNotice />
      <Outlet />
      <FlashToasts />
      <Toaster />
    </SessionProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} wholePage />;
}
