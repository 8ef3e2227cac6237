import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSaveCopy } from "~/components/organise/use-save-copy.ts";
import { copyText, countCopy } from "~/components/prompt/copy-text.ts";
import { useWholePrompt } from "~/components/prompt/use-whole-prompt.ts";
import { useSession } from "~/components/session/session-provider.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { type AfterSignInAction, rememberAction, takeAction } from "~/lib/after-sign-in.ts";
import type { Prompt, PublicPrompt } from "../../../shared/prompt.ts";
import { templatePieces } from "../../../shared/template-syntax.ts";

// What only a click or a session brings loads then, not with the page: a visitor landing from a
// search engine downloads the page and Copy, nothing more (Lighthouse's mobile score counts it).
const SignInModal = lazy(() =>
  import("~/components/auth/sign-in-modal.tsx").then((m) => ({ default: m.SignInModal })),
);
const TemplateLauncher = lazy(() =>
  import("~/components/keyboard/template-launcher.tsx").then((m) => ({
    default: m.TemplateLauncher,
  })),
);
const TemplateDialog = lazy(() =>
  import("~/components/organise/template-dialog.tsx").then((m) => ({ default: m.TemplateDialog })),
);

/**
 * Copy, Save to my library and (for a template) Use template. The page is the same for everyone;
 * the browser knows who is looking once it has asked for the session. Anyone copies; a copy is
 * counted for someone signed in. A visitor's Save or Use template opens the sign-in dialog, and
 * back on this page, signed in, the action runs.
 */
export function PromptPageActions(props: { prompt: PublicPrompt }) {
  const prompt = useMemo(() => asPrompt(props.prompt), [props.prompt]);
  const { state } = useSession();
  const signedIn = state.status === "signed-in";
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const whole = useWholePrompt(prompt);
  const saving = useSaveCopy(prompt);
  const [asking, setAsking] = useState<string | null>(null);
  const [launching, setLaunching] = useState(false);
  const isTemplate = useMemo(
    () => templatePieces(prompt.promptText).some((piece) => !("text" in piece)),
    [prompt.promptText],
  );

  // Back from signing in: the action asked for, once, and the address without it.
  const taken = useRef(false);
  useEffect(() => {
    if (!signedIn || taken.current || !search.includes("do=")) return;
    taken.current = true;
    const action = takeAction(prompt.id, search);
    void navigate(pathname, { replace: true, preventScrollReset: true });
    if (action === "save") void saving.save();
    if (action === "template") setLaunching(true);
  }, [signedIn, search, pathname, navigate, prompt.id, saving]);

  function signInFor(action: AfterSignInAction) {
    setAsking(rememberAction(prompt.id, action, pathname));
  }

  async function copyPrompt() {
    if ((await copyText(prompt.promptText)) && signedIn) countCopy(prompt.id);
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button onClick={() => void copyPrompt()}>
        <Icon name="copy" className="h-4 w-4" /> Copy
      </Button>
      {saving.saved ? (
        <span className="inline-flex h-10 items-center gap-1.5 px-2 text-sm font-medium text-accent-text">
          <Icon name="bookmark-check" className="h-4 w-4" /> In your library
        </span>
      ) : (
        <Button
          variant="secondary"
          disabled={saving.saving}
          aria-haspopup={signedIn ? undefined : "dialog"}
          onClick={() => (signedIn ? void saving.save() : signInFor("save"))}
        >
          <Icon name="bookmark-plus" className="h-4 w-4" /> Save to my library
        </Button>
      )}
      {isTemplate && signedIn ? (
        <Suspense fallback={null}>
          <TemplateDialog prompt={prompt} whole={whole} onCopied={() => countCopy(prompt.id)} />
        </Suspense>
      ) : null}
      {isTemplate && !signedIn ? (
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => signInFor("template")}>
          <Icon name="braces" className="h-4 w-4" /> Use template
        </Button>
      ) : null}
      <Suspense fallback={null}>
        {launching ? (
          <TemplateLauncher prompt={prompt} onClosed={() => setLaunching(false)} />
        ) : null}
        {asking !== null ? (
          <SignInModal open onClose={() => setAsking(null)} returnTo={asking} />
        ) : null}
      </Suspense>
    </div>
  );
}

/** What a public page knows of a prompt, shaped as a card's prompt: nothing about the viewer. */
function asPrompt(prompt: PublicPrompt): Prompt {
  return {
    ...prompt,
    isOwn: false,
    isFavourite: false,
    tags: [],
    folderId: null,
    pinned: false,
    upstream: null,
    teamId: null,
  };
}
