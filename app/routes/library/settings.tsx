import { ThemeSwitcher } from "~/components/layout/theme-switcher.tsx";
import { AccessTokensPanel } from "~/components/settings/access-tokens-panel.tsx";
import { DeleteAccountPanel } from "~/components/settings/delete-account-panel.tsx";
import { exportFormats } from "~/components/settings/export-formats.ts";
import { ImportPanel } from "~/components/settings/import-panel.tsx";
import { PublicProfilePanel } from "~/components/settings/public-profile-panel.tsx";
import { buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/settings",
    title: "Settings | PromptShelf",
    description:
      "Your public profile; export, import and back up your library, manage access tokens for AI clients, or delete your account.",
    noindex: true,
  });

export default function Settings() {
  const user = useSignedInUser();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <h1 className="text-3xl font-bold tracking-tight text-fg">Settings</h1>
        <p className="mt-1 text-muted">
          Your library is yours: take it with you, bring prompts in, or leave.
        </p>
      </div>
      <section
        aria-labelledby="export-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
      >
        <h2 id="export-heading" className="text-xl font-semibold text-fg">
          Export and backup
        </h2>
        <ul className="mt-4 space-y-3">
          {exportFormats.map((item) => (
            <li key={item.format} className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <a
                href={`/api/v1/export?format=${item.format}`}
                download
                className={buttonClasses("secondary")}
              >
                <Icon name="download" className="h-4 w-4" /> Download {item.label}
              </a>
              <span className="text-sm text-muted">{item.note}</span>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="appearance-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line"
      >
        <h2 id="appearance-heading" className="text-xl font-semibold text-fg">
          Appearance
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">
          System follows your device's light or dark setting. Remembered in this browser.
        </p>
        <ThemeSwitcher className="flex-wrap" />
      </section>
      <section
        aria-labelledby="profile-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line lg:col-span-2"
      >
        <h2 id="profile-heading" className="mb-4 text-xl font-semibold text-fg">
          Public profile
        </h2>
        <PublicProfilePanel suggestedName={user.name} />
      </section>
      <section
        aria-labelledby="import-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line lg:col-span-2"
      >
        <h2 id="import-heading" className="mb-4 text-xl font-semibold text-fg">
          Import
        </h2>
        <ImportPanel />
      </section>
      <section
        aria-labelledby="tokens-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-line lg:col-span-2"
      >
        <h2 id="tokens-heading" className="mb-4 text-xl font-semibold text-fg">
          Access tokens
        </h2>
        <AccessTokensPanel isAdmin={user.isAdmin} />
      </section>
      <section
        aria-labelledby="delete-heading"
        className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-danger-line lg:col-span-2"
      >
        <h2 id="delete-heading" className="mb-4 text-xl font-semibold text-danger-text">
          Delete my account
        </h2>
        <DeleteAccountPanel email={user.email} />
      </section>
    </div>
  );
}
