import { useRef, useState } from "react";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePublishCheck } from "~/components/privacy/use-publish-check.ts";
import { ApiError, api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { refusalText } from "./team-text.ts";

/**
 * A team prompt's share with the community, for its editors: "share with the community" asks
 * first (everyone will read it and its history), "withdraw from the community" too. Where the
 * server's privacy check finds something in the text or an earlier version, the privacy dialog
 * says what, and "Share anyway" shares it with `confirm`.
 */
export function ShareTeamPrompt(props: { prompt: Prompt; onChanged: (prompt: Prompt) => void }) {
  const { prompt } = props;
  const [asking, setAsking] = useState(false);
  /** The server found something: the privacy dialog asks once the confirmation has closed. */
  const held = useRef(false);
  const privacy = usePublishCheck();
  const sharing = !prompt.isShared;
  const send = (confirm: boolean) =>
    api<Prompt>("PUT", `/api/v1/prompts/${prompt.id}/shared`, {
      shared: sharing,
      ...(confirm ? { confirm: true } : {}),
    });
  const changed = (next: Prompt) => {
    showNotice(next.isShared ? messages.promptShared : messages.promptWithdrawn);
    props.onChanged(next);
  };

  async function confirmed(): Promise<string | null> {
    try {
      changed(await send(false));
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.detail === "privacy_findings") {
        held.current = true;
        return null;
      }
      return refusalText(error) ?? "It could not be changed. Please try again.";
    }
  }

  async function askPrivacy() {
    held.current = false;
    try {
      const next = await privacy.check(null, (_fields, confirm) => send(confirm));
      if (next) changed(next);
    } catch (error) {
      showNotice({
        kind: "error",
        title: refusalText(error) ?? "It could not be shared. Please try again.",
      });
    }
  }

  const label = sharing ? "share with the community" : "withdraw from the community";
  return (
    <>
      <button
        type="button"
        className="card-history"
        aria-haspopup="dialog"
        aria-label={`${label}: ${prompt.title}`}
        onClick={() => setAsking(true)}
      >
        {sharing ? "share" : "withdraw"}
      </button>
      {asking ? (
        <ConfirmDialog
          title={sharing ? `Share “${prompt.title}”?` : `Withdraw “${prompt.title}”?`}
          description={
            sharing
              ? "Everyone will be able to read it, with its history, on the community's pages. The team keeps it, and its editors can withdraw it."
              : "It leaves the community's pages at once. The team keeps it."
          }
          confirmLabel={sharing ? "Share with the community" : "Withdraw"}
          busyLabel={sharing ? "Sharing..." : "Withdrawing..."}
          variant={sharing ? "primary" : "danger"}
          onConfirm={confirmed}
          onClosed={() => {
            setAsking(false);
            if (held.current) void askPrivacy();
          }}
        />
      ) : null}
      <PrivacyDialog {...privacy.dialog} canRemove={false} />
    </>
  );
}
