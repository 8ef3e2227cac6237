import { GoogleIcon } from "~/components/auth/google-icon.tsx";
import { Logo } from "~/components/layout/logo.tsx";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import type { AccessScope } from "../../../shared/access-tokens.ts";

interface AskingApp {
  name: string;
  /** The host (or an app's own scheme) the person is sent back to. */
  returnsTo: string;
}

const mayDo: Record<AccessScope, string[]> = {
  read: ["Search and read your prompts, folders and tags"],
  write: [
    "Search and read your prompts, folders and tags",
    "Save new prompts and change your prompts, folders and tags",
  ],
};

const neverDoes =
  "It cannot delete your account, manage access tokens, or act as an administrator.";

function Card(props: { labelledBy: string; children: React.ReactNode }) {
  return (
    <>
      <div className="mb-8">
        <Logo to="/" />
      </div>
      <section
        aria-labelledby={props.labelledBy}
        className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-line sm:p-8"
      >
        {props.children}
      </section>
    </>
  );
}

function AppName(props: { app: AskingApp }) {
  return <strong className="font-semibold break-words text-fg">{props.app.name}</strong>;
}

/** The person decides: who asks, what it could do, as whom, and where the answer goes. */
export function ConsentCard(props: {
  app: AskingApp;
  access: AccessScope;
  person: { name: string | null; email: string };
  action: string;
}) {
  const { app, access, person } = props;
  return (
    <Card labelledBy="consent-heading">
      <h1 id="consent-heading" className="text-2xl font-bold break-words text-fg">
        {`Connect ${app.name} to PromptShelf?`}
      </h1>
      <p className="mt-3 text-fg-soft">
        <AppName app={app} /> would like to use your library
        {access === "write" ? ", and change it" : ""}.
      </p>
      <dl className="mt-5 space-y-3 rounded-xl bg-subtle p-4 text-sm">
        <div>
          <dt className="font-medium text-muted">Signed in as</dt>
          <dd className="break-words text-fg">
            {person.name ? `${person.name} (${person.email})` : person.email}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-muted">You will be sent back to</dt>
          <dd className="font-mono break-all text-fg">{app.returnsTo}</dd>
        </div>
      </dl>
      <h2 className="mt-6 text-base font-semibold text-fg">
        {access === "write" ? "It will be able to" : "It will be able to (read only)"}
      </h2>
      <ul className="mt-2 space-y-2 text-sm text-fg-soft">
        {mayDo[access].map((line) => (
          <li key={line} className="flex gap-2">
            <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-success-text" />
            <span>{line}</span>
          </li>
        ))}
        <li className="flex gap-2">
          <Icon name="shield-check" className="mt-0.5 h-4 w-4 shrink-0 text-muted" />
          <span>{neverDoes}</span>
        </li>
      </ul>
      <p className="mt-5 text-sm text-muted">
        The name is the app's own; PromptShelf has not checked it. Allow only apps you trust. You
        can disconnect it at any time under Settings.
      </p>
      <form method="post" action={props.action} className="mt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button type="submit" name="decision" value="deny" variant="secondary" size="lg">
            Deny
          </Button>
          <Button type="submit" name="decision" value="allow" size="lg">
            Allow
          </Button>
        </div>
      </form>
    </Card>
  );
}

/**
 * Signed out: sign in, then back here. A plain form post to /auth/login (only our own pages may
 * start a sign-in), returning to this very request, query included.
 */
export function SignInCard(props: { app: AskingApp; returnTo: string }) {
  return (
    <Card labelledBy="sign-in-heading">
      <h1 id="sign-in-heading" className="text-2xl font-bold break-words text-fg">
        {`Sign in to connect ${props.app.name}`}
      </h1>
      <p className="mt-3 mb-6 text-fg-soft">
        <AppName app={props.app} /> would like to use your PromptShelf library. Sign in first; you
        will then be asked whether to allow it.
      </p>
      <form method="post" action="/auth/login">
        <input type="hidden" name="returnTo" value={props.returnTo} />
        <Button type="submit" variant="secondary" size="lg" className="w-full">
          <GoogleIcon />
          Continue with Google
        </Button>
      </form>
    </Card>
  );
}

/** Nowhere safe to send the person back to: say so here. */
export function RefusedCard(props: { problem: string; backToApp?: string }) {
  return (
    <Card labelledBy="refused-heading">
      <h1 id="refused-heading" className="text-2xl font-bold text-fg">
        This app cannot connect
      </h1>
      <p className="mt-3 text-fg-soft">{props.problem}</p>
      <p className="mt-3 text-sm text-muted">
        Try connecting again from the app. If it keeps happening, remove PromptShelf from the app
        and add it again.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {props.backToApp ? (
          <a href={props.backToApp} className={buttonClasses("primary")}>
            Back to the app
          </a>
        ) : null}
        <a href="/" className={buttonClasses("secondary")}>
          Go to PromptShelf
        </a>
      </div>
    </Card>
  );
}
