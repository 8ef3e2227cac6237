import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { SessionUser } from "../shared/session-user.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { DevSignInNotice } from "./components/layout/dev-sign-in-notice.tsx";
import { ErrorView } from "./components/layout/error-view.tsx";
import { SkipLink } from "./components/layout/skip-link.tsx";
import { FlashToasts } from "./components/session/flash-toasts.tsx";
import { SessionProvider } from "./components/session/session-provider.tsx";
import { Toaster } from "./components/ui/toaster.tsx";
import { appContext } from "./lib/app-context.ts";
import { useNonce } from "./lib/nonce.tsx";
import type { RootData } from "./lib/root-data.ts";
import { themeScript } from "./lib/theme.ts";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
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
    // The theme script may set data-theme before React sees <html>.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, so the theme is set before the first paint. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-canvas font-sans text-fg antialiased">
        <SkipLink />
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
