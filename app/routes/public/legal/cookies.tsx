import { ContactLine, LegalPage } from "~/components/layout/legal-page.tsx";
import { publicPageHeaders } from "~/lib/public-cache.ts";
import { useRootData } from "~/lib/root-data.ts";
import { originFrom, pageMeta } from "~/lib/seo.ts";
import type { Route } from "./+types/cookies";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    origin: originFrom(matches),
    path: "/cookies",
    title: "Cookie Policy | PromptShelf",
    description:
      "The cookies PromptShelf uses, what each is for and how long it lasts. No advertising cookies.",
    keywords: ["PromptShelf cookies", "cookie policy"],
  });

const cookies = [
  {
    type: "Authentication",
    purpose: "Keeps you signed in until you sign out.",
    duration: "Session",
  },
  {
    type: "Preferences",
    purpose: "Remembers choices such as how your library is sorted.",
    duration: "1 year",
  },
  {
    type: "Analytics",
    purpose: "Counts visits so we can see which features help people.",
    duration: "2 years",
  },
  {
    type: "Security",
    purpose: "Protects sign-in from forgery and carries one-time notices.",
    duration: "Session",
  },
];

export default function Cookies() {
  const { contact } = useRootData();
  return (
    <LegalPage
      title="Cookie Policy"
      intro={
        <p>
          Cookies are small files a site stores in your browser. PromptShelf uses only the ones
          below, and no advertising cookies.
        </p>
      }
      sections={[
        {
          heading: "The cookies we use",
          body: (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-line-strong">
                    <th scope="col" className="py-2 pr-4 font-semibold text-fg">
                      Type
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold text-fg">
                      Purpose
                    </th>
                    <th scope="col" className="py-2 font-semibold text-fg">
                      Duration
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {cookies.map((cookie) => (
                    <tr key={cookie.type} className="border-b border-line">
                      <th scope="row" className="py-2 pr-4 font-medium text-fg">
                        {cookie.type}
                      </th>
                      <td className="py-2 pr-4">{cookie.purpose}</td>
                      <td className="py-2">{cookie.duration}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ),
        },
        {
          heading: "Essential, analytics and preference cookies",
          body: (
            <p>
              Essential cookies (authentication and security) are needed for the service to work.
              Analytics and preference cookies are optional, and you can block them in your browser
              without losing access.
            </p>
          ),
        },
        {
          heading: "Third parties",
          body: (
            <p>
              Google sets its own cookies when you sign in with your Google account, our backend and
              authentication provider may set cookies needed to run the service, and our third-party
              analytics provider sets the analytics cookies above.
            </p>
          ),
        },
        {
          heading: "Managing cookies",
          body: (
            <p>
              You can delete or block cookies in your browser's settings. Blocking essential cookies
              will sign you out.
            </p>
          ),
        },
        { heading: "Contact", body: <ContactLine email={contact.legalEmail} topic="cookies" /> },
      ]}
    />
  );
}
