import { ContactLine, LegalPage } from "~/components/layout/legal-page.tsx";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { useRootData } from "~/lib/root-data.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/privacy";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/privacy",
    title: "Privacy Policy | PromptShelf",
    description:
      "What PromptShelf collects, why, who helps us run the service, and your rights over your data.",
    keywords: ["PromptShelf privacy", "privacy policy"],
  });

export default function Privacy() {
  const { contact } = useRootData();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what PromptShelf collects when you use it, how we use it, and the
          choices you have.
        </p>
      }
      sections={[
        {
          heading: "Information we collect",
          body: (
            <ul className="list-disc space-y-1 pl-6">
              <li>Your account details from Google: email address, name and profile picture.</li>
              <li>
                The prompts you save or share, and the folders, tags and favourites you create.
              </li>
              <li>
                Usage information such as pages visited and features used, to keep the service
                working well.
              </li>
            </ul>
          ),
        },
        {
          heading: "How we use your information",
          body: (
            <p>
              To run your library, show your shared prompts to the community with your name, keep
              the service secure, and improve it.
            </p>
          ),
        },
        {
          heading: "Sharing",
          body: (
            <p>
              We never sell your data. We share it only with the providers who help us run
              PromptShelf: our database and authentication provider, Google (for sign-in), analytics
              and email providers, each bound to use it only for that purpose.
            </p>
          ),
        },
        {
          heading: "Security",
          body: (
            <p>
              Data travels over encrypted connections, sessions are stored only as one-way hashes,
              and access to your private prompts is checked on our servers for every request.
            </p>
          ),
        },
        {
          heading: "Your rights",
          body: (
            <p>
              You can access, correct, delete and export your data, and opt out of non-essential
              processing. Export your library from the settings page at any time, or delete your
              account there.
            </p>
          ),
        },
        {
          heading: "Cookies",
          body: (
            <p>
              We use a few cookies to keep you signed in and the service secure. See our Cookie
              Policy for the list.
            </p>
          ),
        },
        {
          heading: "Children",
          body: (
            <p>
              PromptShelf is not meant for children under 13, and we do not knowingly collect their
              data.
            </p>
          ),
        },
        {
          heading: "GDPR",
          body: (
            <p>
              If you are in the European Economic Area or the United Kingdom, you have the rights
              the GDPR gives you, including to object and to complain to your data protection
              authority.
            </p>
          ),
        },
        {
          heading: "Changes to this policy",
          body: (
            <p>
              We will post any change here and update the date above; material changes are announced
              in advance.
            </p>
          ),
        },
        { heading: "Contact", body: <ContactLine email={contact.legalEmail} topic="privacy" /> },
      ]}
    />
  );
}
