import { Link } from "react-router";
import { Icon } from "~/components/ui/icon.tsx";

export const policyDate = "September 13, 2025";

export interface LegalSection {
  heading: string;
  body: React.ReactNode;
}

/** A policy page: title, last-updated date, numbered sections, and the way back home. */
export function LegalPage(props: {
  title: string;
  intro: React.ReactNode;
  sections: LegalSection[];
}) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
      >
        <Icon name="arrow-left" className="h-4 w-4" /> Back to home
      </Link>
      <h1 className="mt-6 text-4xl font-bold tracking-tight text-fg">{props.title}</h1>
      <p className="mt-2 text-sm text-muted">Last updated: {policyDate}</p>
      <div className="mt-8 space-y-4 text-fg-soft">{props.intro}</div>
      {props.sections.map((section, index) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold text-fg">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-fg-soft">{section.body}</div>
        </section>
      ))}
    </main>
  );
}

export function ContactLine(props: { email: string; topic: string }) {
  return (
    <p>
      Questions about {props.topic}? Email us at{" "}
      <a href={`mailto:${props.email}`} className="font-medium text-accent-text underline">
        {props.email}
      </a>
      . We aim to reply within 48 hours.
    </p>
  );
}
