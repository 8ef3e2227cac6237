import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { CollectionSummary } from "../../../shared/collection.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";

const item =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg-soft outline-none data-[disabled]:cursor-default data-[disabled]:text-faint data-[highlighted]:bg-subtle";

type MenuState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ready"; collections: CollectionSummary[] };

/**
 * "Add to collection" on a shared prompt's card: the person's collections, each saying whether
 * it holds the prompt already. The menu is built, and the collections asked for, on first use.
 */
export function AddToCollectionMenu(props: { prompt: Prompt }) {
  const [used, setUsed] = useState(false);
  const label = `Add ${props.prompt.title} to a collection`;
  if (!used) {
    return (
      <button
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        onClick={() => setUsed(true)}
        className="card-icon-button"
      >
        <Icon name="library" className="h-4 w-4" />
      </button>
    );
  }
  return <Menu prompt={props.prompt} label={label} />;
}

function Menu(props: { prompt: Prompt; label: string }) {
  const [state, setState] = useState<MenuState>({ kind: "loading" });
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!open) return;
    setState({ kind: "loading" });
    api<CollectionSummary[]>("GET", `/api/v1/collections?prompt=${props.prompt.id}`)
      .then((collections) => setState({ kind: "ready", collections }))
      .catch(() => setState({ kind: "failed" }));
  }, [open, props.prompt.id]);

  async function add(collection: CollectionSummary) {
    try {
      await api("POST", `/api/v1/collections/${collection.id}/items`, {
        promptId: props.prompt.id,
      });
      showNotice(messages.addedToCollection(collection.title));
    } catch (error) {
      showNotice(callFailureNotice(error, "add-to-collection"));
    }
  }

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger aria-label={props.label} className="card-icon-button">
        <Icon name="library" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 max-h-80 max-w-[calc(100vw-2rem)] min-w-56 overflow-y-auto rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-semibold text-faint uppercase">
            Add to collection
          </DropdownMenu.Label>
          {state.kind === "loading" ? (
            <DropdownMenu.Item disabled className={item}>
              <Icon name="loader" className="h-4 w-4 animate-spin" /> Loading...
            </DropdownMenu.Item>
          ) : state.kind === "failed" ? (
            <DropdownMenu.Item disabled className={item}>
              Your collections could not be loaded
            </DropdownMenu.Item>
          ) : state.collections.length === 0 ? (
            <DropdownMenu.Item disabled className={item}>
              You have no collections yet
            </DropdownMenu.Item>
          ) : (
            state.collections.map((collection) => (
              <DropdownMenu.Item
                key={collection.id}
                className={item}
                disabled={collection.hasPrompt}
                onSelect={() => void add(collection)}
              >
                {collection.hasPrompt ? <Icon name="check" className="h-4 w-4" /> : null}
                <span className="wrap-anywhere">{collection.title}</span>
                {collection.hasPrompt ? <span className="sr-only">(already in it)</span> : null}
              </DropdownMenu.Item>
            ))
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-subtle-strong" />
          <DropdownMenu.Item asChild className={item}>
            <Link to="/collections">
              <Icon name="plus" className="h-4 w-4" /> New collection...
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
