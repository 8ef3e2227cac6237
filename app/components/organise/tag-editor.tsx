import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { FailedAction } from "../../../shared/messages.ts";
import { type Prompt, tagMaxLength, tagsPerPrompt } from "../../../shared/prompt.ts";
import { callFailureNotice } from "./call-failure.ts";
import { useLibrary } from "./library-context.tsx";

/** The tags on one of your prompts: remove one with its ×, add one with suggestions from your tags. */
export function TagEditor(props: { prompt: Prompt }) {
  const { tags, refresh } = useLibrary();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const listId = useId();
  const full = props.prompt.tags.length >= tagsPerPrompt;

  async function run(call: Promise<unknown>, action: FailedAction) {
    try {
      await call;
      refresh();
    } catch (error) {
      showNotice(callFailureNotice(error, action));
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-1.5">
      {props.prompt.tags.map((tag) => (
        <span
          key={tag}
          className="inline-flex items-center gap-1 rounded-full bg-subtle py-0.5 pr-1 pl-2.5 text-xs text-fg-soft"
        >
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
            <X className="h-3 w-3" aria-hidden="true" />
          </button>
        </span>
      ))}
      {adding ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const tag = name.trim();
            setName("");
            setAdding(false);
            if (tag)
              void run(
                api("POST", `/api/v1/prompts/${props.prompt.id}/tags`, { name: tag }),
                "add-tag",
              );
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the field appears because the person asked to add a tag.
            autoFocus
            aria-label={`New tag for ${props.prompt.title}`}
            list={listId}
            value={name}
            maxLength={tagMaxLength}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => {
              if (!name.trim()) setAdding(false);
            }}
            onKeyDown={(event) => {
              if (event.key === "Escape") setAdding(false);
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
        </form>
      ) : full ? null : (
        <button
          type="button"
          onClick={() => setAdding(true)}
          aria-label={`Add a tag to ${props.prompt.title}`}
          className="inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs text-muted ring-1 ring-line hover:bg-canvas"
        >
          <Plus className="h-3 w-3" aria-hidden="true" /> Tag
        </button>
      )}
    </div>
  );
}
