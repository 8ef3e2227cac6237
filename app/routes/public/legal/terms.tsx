import { ContactLine, LegalPage } from "~/components/layout/legal-page.tsx";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { useRootData } from "~/lib/root-data.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/terms";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/terms",
    title: "Terms of Service | PromptShelf",
    description:
      "The terms for using PromptShelf: your account, your content, acceptable use and our commitments.",
    keywords: ["PromptShelf terms", "terms of service"],
  });

export default function Terms() {
  const { contact } = useRootData();
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>These terms govern your use of PromptShelf. Please read them carefully.</p>}
      sections={[
        {
          heading: "Acceptance of terms",
          body: (
            <p>
              By using PromptShelf you agree to these terms. If you do not agree, please do not use
              the service.
            </p>
          ),
        },
        {
          heading: "Description of the service",
          body: (
            <p>
              PromptShelf lets you keep a private library of AI prompts, organise and search it, and
              share prompts with a community library.
            </p>
          ),
        },
        {
          heading: "Accounts",
          body: (
            <p>
              You sign in with a Google account and are responsible for activity under it. Keep your
              Google account secure.
            </p>
          ),
        },
        {
          heading: "Acceptable use",
          body: (
            <p>
              Do not share unlawful, harmful or infringing content, try to access other people's
              private data, or disrupt the service. We may suspend accounts that break these rules.
            </p>
          ),
        },
        {
          heading: "Content and intellectual property",
          body: (
            <p>
              You keep ownership of the prompts you create. By sharing a prompt with the community
              you grant PromptShelf a non-exclusive, royalty-free licence to store, display and
              distribute it within the service. Community prompts are offered for your personal use.
            </p>
          ),
        },
        { heading: "Privacy", body: <p>Our Privacy Policy explains how we handle your data.</p> },
        {
          heading: "Availability",
          body: (
            <p>
              We work to keep PromptShelf available, but it may occasionally be interrupted for
              maintenance or by events beyond our control.
            </p>
          ),
        },
        {
          heading: "Limitation of liability",
          body: (
            <p>
              PromptShelf is provided as is. To the extent the law allows, we are not liable for
              indirect or consequential losses.
            </p>
          ),
        },
        {
          heading: "Indemnification",
          body: (
            <p>
              You agree to hold PromptShelf harmless from claims arising from content you share or
              your breach of these terms.
            </p>
          ),
        },
        {
          heading: "Governing law",
          body: (
            <p>
              These terms are governed by the laws of the jurisdiction where PromptShelf is
              established.
            </p>
          ),
        },
        {
          heading: "Changes to these terms",
          body: (
            <p>
              We will give at least 30 days notice of material changes, on this page and by email.
            </p>
          ),
        },
        {
          heading: "Contact",
          body: <ContactLine email={contact.legalEmail} topic="these terms" />,
        },
      ]}
    />
  );
}
