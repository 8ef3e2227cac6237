import { useRef, useState } from "react";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import type { SharedFinding } from "../../../shared/secret-scan.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { refusalText } from "./team-text.ts";

/**
 * A team prompt's share with the community, for its editors: "share with the community" asks
 * first (everyone will read it and its history), "withdraw from the community" too. Where the
 * server's privacy check finds something in the text or an earlier version (which the card does
 * not hold), the privacy dialog lists what, and "Share anyway" shares it with `confirm`.
 */
export function ShareTeamPrompt(props: { prompt: Prompt; onChanged: (prompt: Prompt) => void }) {
  const { prompt } = props;
  const [asking, setAsking] = useState(false);
  /** What the server's check found: the privacy dialog shows it once the confirmation closes. */
  const found = useRef<SharedFinding[] | null>(null);
  const [findings, setFindings] = useState<SharedFinding[] | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
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
      if (error instanceof ApiError && error.detail === "privacy_findings" && error.findings) {
        found.current = error.findings;
        return null;
      }
      return refusalText(error) ?? "It could not be changed. Please try again.";
    }
  }

  async function shareAnyway() {
    setFindings(null);
    try {
      changed(await send(true));
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
        ref={opener}
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
            setFindings(found.current);
            found.current = null;
          }}
        />
      ) : null}
      <PrivacyDialog
        open={findings !== null}
        texts={{}}
        findings={findings ?? []}
        canRemove={false}
        onRemove={() => {}}
        onShareAnyway={() => void shareAnyway()}
        onCancel={() => setFindings(null)}
        returnFocus={() => opener.current?.focus()}
      />
    </>
  );
}
