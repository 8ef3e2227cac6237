import { useEffect, useId, useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePublishCheck } from "~/components/privacy/use-publish-check.ts";
import { LocalDate } from "~/components/prompt/local-date.tsx";
import { Button } from "~/components/ui/button.tsx";
import { DialogLoadFailed, DialogLoading } from "~/components/ui/dialog-status.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import { type Prompt, promptTextMaxLength, type WholePrompt } from "../../../shared/prompt.ts";
import {
  type AcceptedSuggestion,
  type Suggestion,
  suggestionNoteMaxLength,
} from "../../../shared/suggestions.ts";
import { VersionDiff } from "./version-diff.tsx";

const statusText = { pending: "Waiting", accepted: "Accepted", declined: "Declined" } as const;

/**
 * A team prompt's suggested changes. A member who cannot edit it proposes a new text with a note,
 * and sees what became of theirs; its editors see every pending one against the current text and
 * accept it (a new version, written by whoever suggested it) or decline it. Accepting into a
 * shared prompt makes the text public at once: where the server's privacy check finds something
 * in it, the privacy dialog asks first, and "Share anyway" accepts with `confirm`.
 */
export default function SuggestionsPanel(props: {
  prompt: Prompt;
  canDecide: boolean;
  onChanged: (prompt: Prompt) => void;
}) {
  const { prompt, canDecide } = props;
  const [current, setCurrent] = useState<WholePrompt | null>(null);
  const [items, setItems] = useState<Suggestion[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [deciding, setDeciding] = useState<string | null>(null);
  const privacy = usePublishCheck();

  useEffect(() => {
    let live = true;
    Promise.all([
      api<WholePrompt>("GET", `/api/v1/prompts/${prompt.id}`),
      api<{ items: Suggestion[] }>("GET", `/api/v1/prompts/${prompt.id}/suggestions`),
    ]).then(
      ([whole, list]) => {
        if (!live) return;
        setCurrent(whole);
        setItems(list.items);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [prompt.id]);

  async function decide(suggestion: Suggestion, verdict: "accept" | "decline") {
    setDeciding(suggestion.id);
    try {
      const path = `/api/v1/prompts/${prompt.id}/suggestions/${suggestion.id}/${verdict}`;
      // The suggestion's text cannot be changed here: the dialog shows what it found and offers
      // to accept anyway or go back, and nothing was decided when the person goes back.
      const published =
        verdict === "accept" && prompt.isShared
          ? { promptText: suggestion.promptText, note: suggestion.note }
          : null;
      const decided = await privacy.check(published, (_fields, confirm) =>
        api<AcceptedSuggestion>("POST", path, confirm ? { confirm: true } : undefined),
      );
      if (!decided) return;
      setItems((list) => list?.map((item) => (item.id === decided.id ? decided : item)) ?? null);
      if (verdict === "accept") {
        showNotice(messages.suggestionAccepted(decided.acceptedVersion ?? prompt.version + 1));
        props.onChanged(await api<Prompt>("GET", `/api/v1/prompts/${prompt.id}`));
      } else {
        showNotice(messages.suggestionDeclined);
      }
    } catch (error) {
      showNotice(callFailureNotice(error, "decide-suggestion"));
    } finally {
      setDeciding(null);
    }
  }

  if (failed) return <DialogLoadFailed what="The suggestions" />;
  if (!current || !items) return <DialogLoading />;
  const pending = items.filter((item) => item.status === "pending");
  const shown = canDecide ? pending : items;
  return (
    <>
      <PrivacyDialog {...privacy.dialog} canRemove={false} />
      {canDecide ? null : (
        <SuggestForm
          prompt={current}
          onSent={(made) => setItems((list) => [made, ...(list ?? [])])}
        />
      )}
      <h3 className="mt-6 text-sm font-semibold text-fg">
        {canDecide
          ? pending.length === 0
            ? "No suggestions are waiting."
            : `${pending.length} waiting`
          : shown.length === 0
            ? "You have not suggested a change to it yet."
            : "Your suggestions"}
      </h3>
      <ol className="mt-2 space-y-4">
        {shown.map((suggestion) => (
          <li key={suggestion.id} className="rounded-lg p-3 ring-1 ring-line">
            <p className="text-sm text-fg">
              <span className="font-medium">{suggestion.author?.name ?? "A former member"}</span>
              {" · "}
              <LocalDate value={suggestion.createdAt} />
              {" · "}
              <span className="text-muted">{statusText[suggestion.status]}</span>
            </p>
            {suggestion.note ? (
              <p className="mt-1 text-sm break-words text-fg-soft">“{suggestion.note}”</p>
            ) : null}
            <VersionDiff
              older={{ label: `Version ${current.version} (current)`, text: current.promptText }}
              newer={{ label: "Suggested", text: suggestion.promptText }}
            />
            {canDecide && suggestion.status === "pending" ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  onClick={() => void decide(suggestion, "accept")}
                  disabled={deciding !== null}
                  aria-label={`Accept the suggestion by ${suggestion.author?.name ?? "a former member"}`}
                >
                  Accept
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void decide(suggestion, "decline")}
                  disabled={deciding !== null}
                  aria-label={`Decline the suggestion by ${suggestion.author?.name ?? "a former member"}`}
                >
                  Decline
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/** A new text for the prompt, from its current one, and a note saying why. */
function SuggestForm(props: { prompt: WholePrompt; onSent: (made: Suggestion) => void }) {
  const [text, setText] = useState(props.prompt.promptText);
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const unchanged = text.trim() === props.prompt.promptText.trim() || text.trim() === "";
  async function send() {
    setBusy(true);
    try {
      const made = await api<Suggestion>("POST", `/api/v1/prompts/${props.prompt.id}/suggestions`, {
        promptText: text,
        note: note.trim() || undefined,
      });
      showNotice(messages.suggestionSent);
      props.onSent(made);
      setNote("");
    } catch (error) {
      showNotice(callFailureNotice(error, "suggest-change"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unchanged) void send();
      }}
    >
      <div>
        <label htmlFor={`${ids}-text`} className="text-sm font-medium text-fg">
          Suggested text
        </label>
        <textarea
          id={`${ids}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={promptTextMaxLength}
          rows={8}
          className={`${fieldClass} bg-surface font-mono text-sm`}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-note`} className="text-sm font-medium text-fg">
          Why (optional)
        </label>
        <input
          id={`${ids}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={suggestionNoteMaxLength}
          className={`${fieldClass} bg-surface text-sm`}
        />
      </div>
      <Button type="submit" disabled={unchanged || busy}>
        {busy ? "Sending..." : "Suggest this change"}
      </Button>
    </form>
  );
}
