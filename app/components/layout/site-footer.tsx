import { Link } from "react-router";
import { useRootData } from "~/lib/root-data.ts";
import { browsePath } from "../../../shared/browse.ts";
import { landingPages } from "../../../shared/landing-pages.ts";
import { Logo } from "./logo.tsx";
import { ThemeSwitcher } from "./theme-switcher.tsx";

const linkClass = "text-sm text-night-fg hover:text-night-strong";

/** Library links in two groups, the legal pages, the video channel and support, and the copyright. */
export function SiteFooter() {
  const { contact } = useRootData();
  const groups = [
    { heading: "Prompt Libraries", pages: landingPages.slice(0, 4) },
    { heading: "More Resources", pages: landingPages.slice(4) },
  ];
  return (
    <footer className="bg-night text-night-fg">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <div className="[&_a]:text-night-strong">
            <Logo to="/" />
          </div>
          <p className="mt-4 max-w-sm text-sm text-night-muted">
            Keep, find and share the AI prompts that work: a private library for you, and a
            community library for everyone.
          </p>
          <p className="mt-4">
            <Link to={browsePath} className={linkClass}>
              Browse all shared prompts
            </Link>
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-sm font-semibold tracking-wide text-night-strong uppercase">
              {group.heading}
            </h2>
            <ul className="mt-4 space-y-2">
              {group.pages.map((page) => (
                <li key={page.path}>
                  <Link to={page.path} className={linkClass}>
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label="Company">
          <h2 className="text-sm font-semibold tracking-wide text-night-strong uppercase">
            Company
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/cookies" className={linkClass}>
                Cookie Policy
              </Link>
            </li>
            <li>
              <a
                href={contact.videoChannelUrl}
                className={linkClass}
                rel="noopener"
                target="_blank"
              >
                Video tutorials
              </a>
            </li>
            <li>
              <a href={`mailto:${contact.supportEmail}`} className={linkClass}>
                Support
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-night-line">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 sm:px-6">
          <p className="text-sm text-night-muted">
            {`© ${new Date().getUTCFullYear()} PromptShelf. All rights reserved.`}
          </p>
          <ThemeSwitcher tone="night" />
        </div>
      </div>
    </footer>
  );
}
