import { useState } from "react";
import { SignInModal } from "~/components/auth/sign-in-modal.tsx";
import { SaveButton } from "~/components/organise/save-button.tsx";
import { useSession } from "~/components/session/session-provider.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt, PublicPrompt } from "../../../shared/prompt.ts";
import { promptPath } from "../../../shared/public-address.ts";
import { CardPreview, CardTitle, CardWholeText, hasMore, ShowMoreButton } from "./card-parts.tsx";
import { CopyButton } from "./copy-button.tsx";
import { LocalDate } from "./local-date.tsx";
import { OpenInButtonFace, OpenInMenu } from "./open-in-menu.tsx";
import { PublicStarButton } from "./public-star-button.tsx";
import { useWholePrompt } from "./use-whole-prompt.ts";

/**
 * A community prompt on a public page, which is the same for every visitor: it looks like a
 * library card and offers copy, open in an AI assistant, Show more, save and star. The page does not know who is looking;
 * the browser does, once it has asked for the session: someone signed in gets the actions, anyone
 * else the sign-in dialog, as the page's other buttons give.
 */
export function PublicPromptCard(props: { prompt: PublicPrompt }) {
  const prompt = asPrompt(props.prompt);
  const { state } = useSession();
  const signedIn = state.status === "signed-in";
  const wholePrompt = useWholePrompt(prompt);
  const [expanded, setExpanded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [asking, setAsking] = useState(false);
  const ask = () => setAsking(true);
  const wholeShown = expanded ? wholePrompt.whole?.promptText : undefined;
  const countCopy = () => void api("POST", `/api/v1/prompts/${prompt.id}/copies`).catch(() => {});

  async function showMore() {
    if (wholeShown !== undefined) return setExpanded(false);
    setLoading(true);
    try {
      await wholePrompt.load();
      setExpanded(true);
    } catch {
      showNotice(messages.loadFailed());
    } finally {
      setLoading(false);
    }
  }

  return (
    <article aria-label={prompt.title} className="card">
      <header className="card-head">
        <CardTitle title={prompt.title} category={prompt.category} href={promptPath(prompt)} />
        <div className="card-tools">
          {signedIn ? (
            <CopyButton
              text={() => wholePrompt.load().then((whole) => whole.promptText)}
              label={`Copy ${prompt.title}`}
              onCopied={countCopy}
            />
          ) : (
            <button
              type="button"
              aria-label={`Copy ${prompt.title}`}
              aria-haspopup="dialog"
              onClick={ask}
              className="card-icon-button"
            >
              <Icon name="copy" className="h-4 w-4" />
            </button>
          )}
        </div>
      </header>
      {wholeShown !== undefined ? (
        <CardWholeText text={wholeShown} marks={[]} />
      ) : (
        <CardPreview prompt={prompt} />
      )}
      {hasMore(prompt) ? (
        <ShowMoreButton
          expanded={wholeShown !== undefined}
          busy={loading}
          onClick={signedIn ? () => void showMore() : ask}
        />
      ) : null}
      <footer className="card-foot @container">
        <span>
          {`by ${prompt.creatorName} · `}
          <LocalDate value={prompt.createdAt} />
        </span>
        <span className="flex flex-wrap items-center justify-end">
          {signedIn ? (
            <OpenInMenu
              text={() => wholePrompt.load().then((whole) => whole.promptText)}
              label={`Open in an AI assistant: ${prompt.title}`}
            />
          ) : (
            <button
              type="button"
              aria-label={`Open in an AI assistant: ${prompt.title}`}
              aria-haspopup="dialog"
              onClick={ask}
              className="card-text-button"
            >
              <OpenInButtonFace />
            </button>
          )}
          {signedIn ? (
            <SaveButton prompt={prompt} />
          ) : (
            <button type="button" aria-haspopup="dialog" onClick={ask} className="card-text-button">
              <Icon name="bookmark-plus" className="h-3.5 w-3.5" /> Save to my library
            </button>
          )}
          <PublicStarButton
            prompt={prompt}
            load={wholePrompt.load}
            signInFirst={signedIn ? undefined : ask}
          />
        </span>
      </footer>
      <SignInModal open={asking} onClose={() => setAsking(false)} />
    </article>
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
