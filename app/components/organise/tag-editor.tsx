import { useId, useState } from "react";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { type FailedAction, tagRefusals } from "../../../shared/messages.ts";
import { type Prompt, tagMaxLength, tagsPerPrompt } from "../../../shared/prompt.ts";
import { callFailureNotice } from "./call-failure.ts";
import { useLibrary } from "./library-context.tsx";

/** The tags on one of your prompts: remove one with its ×, add one with suggestions from your tags. */
export function TagEditor(props: { prompt: Prompt }) {
  const { tags, refresh } = useLibrary();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const listId = useId();
  const refusalId = useId();
  const full = props.prompt.tags.length >= tagsPerPrompt;

  async function run(call: Promise<unknown>, action: FailedAction) {
    try {
      await call;
      refresh();
      return true;
    } catch (error) {
      showNotice(callFailureNotice(error, action));
      return false;
    }
  }

  /** Adds the typed tag; when it cannot be added, says why beside the field and keeps the text. */
  async function add() {
    const tag = name.trim();
    if (!tag) return setAdding(false);
    const already = props.prompt.tags.find((own) => own.toLowerCase() === tag.toLowerCase());
    const reason =
      tag.length > tagMaxLength
        ? tagRefusals.tooLong
        : already
          ? tagRefusals.alreadyOnPrompt(already)
          : null;
    setRefusal(reason);
    if (reason) return;
    try {
      await api("POST", `/api/v1/prompts/${props.prompt.id}/tags`, { name: tag });
      setName("");
      setAdding(false);
      refresh();
    } catch (error) {
      const notice = callFailureNotice(error, "add-tag");
      setRefusal(notice.description ?? notice.title);
    }
  }

  function close() {
    setName("");
    setRefusal(null);
    setAdding(false);
  }

  return (
    <div className="card-tags">
      {props.prompt.tags.map((tag) => (
        <span key={tag} className="card-tag">
          #{tag}
          <button
            type="button"
            aria-label={`Remove tag ${tag}`}
            onClick={() =>
              void run(
                api("DELETE", `/api/v1/prompts/${props.prompt.id}/tags/${encodeURIComponent(tag)}`),
                "remove-tag",
              )
            }
            className="rounded-full p-0.5 hover:bg-subtle-strong"
          >
            <Icon name="x" className="h-3 w-3" />
          </button>
        </span>
      ))}
      {adding ? (
        <form
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked to add a tag.
            autoFocus
            aria-label={`New tag for ${props.prompt.title}`}
            list={listId}
            value={name}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? refusalId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setRefusal(null);
            }}
            onBlur={() => {
              if (!name.trim()) close();
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") close();
            }}
            placeholder="tag name"
            className="w-28 rounded-full border-0 px-2.5 py-0.5 text-xs ring-1 ring-line-strong focus:ring-2 focus:ring-focus"
          />
          <datalist id={listId}>
            {tags
              .filter(
                (tag) =>
                  !props.prompt.tags.some((own) => own.toLowerCase() === tag.name.toLowerCase()),
              )
              .map((tag) => (
                <option key={tag.name} value={tag.name} />
              ))}
          </datalist>
          {refusal ? (
            <p id={refusalId} role="alert" className="w-full text-xs text-danger-text">
              {refusal}
            </p>
          ) : null}
        </form>
      ) : full ? null : (
        <button
          type="button"
          onClick={() => setAdding(true)}
          aria-label={`Add a tag to ${props.prompt.title}`}
          className="card-tag-add"
        >
          <Icon name="plus" className="h-3 w-3" /> Tag
        </button>
      )}
    </div>
  );
}
