import { useEffect, useState } from "react";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { Button } from "~/components/ui/button.tsx";
import { DialogLoadFailed, DialogLoading } from "~/components/ui/dialog-status.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import type { Upstream, UpstreamChoice } from "../../../shared/versions.ts";
import { VersionDiff } from "./version-diff.tsx";

/**
 * What changed in the original since the copy was saved. An unedited copy takes the new text in
 * one click; an edited one shows both texts side by side and the person chooses which to keep.
 */
export default function UpstreamPanel(props: {
  prompt: Prompt;
  onChanged: (prompt: Prompt) => void;
}) {
  const { prompt } = props;
  const [upstream, setUpstream] = useState<Upstream | null>(null);
  const [failed, setFailed] = useState(false);
  const [choosing, setChoosing] = useState<UpstreamChoice | null>(null);

  useEffect(() => {
    let current = true;
    api<Upstream>("GET", `/api/v1/prompts/${prompt.id}/upstream`)
      .then((loaded) => current && setUpstream(loaded))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [prompt.id]);

  async function choose(take: UpstreamChoice) {
    if (!upstream) return;
    setChoosing(take);
    try {
      const updated = await api<Prompt>("POST", `/api/v1/prompts/${prompt.id}/upstream`, {
        take,
        version: upstream.current.number,
      });
      showNotice(take === "original" ? messages.copyUpdated : messages.copyKept);
      props.onChanged(updated);
    } catch (error) {
      showNotice(callFailureNotice(error, "update-copy"));
      setChoosing(null);
    }
  }

  if (failed) {
    return <DialogLoadFailed what="The original" />;
  }
  if (!upstream) {
    return <DialogLoading />;
  }
  const original = `The original now (version ${upstream.current.number})`;
  const buttons = (primary: { label: string; take: UpstreamChoice }, secondary: typeof primary) => (
    <div className="mt-5 flex flex-wrap justify-end gap-3">
      {[secondary, primary].map((choice) => (
        <Button
          key={choice.take}
          variant={choice === primary ? "primary" : "secondary"}
          onClick={() => void choose(choice.take)}
          disabled={choosing !== null}
          aria-busy={choosing === choice.take}
        >
          {choosing === choice.take ? "Saving..." : choice.label}
        </Button>
      ))}
    </div>
  );
  if (!upstream.edited && upstream.from) {
    return (
      <>
        <p className="mt-4 text-sm text-fg-soft">
          You have not edited your copy, so it can simply take the original's new text.
        </p>
        <VersionDiff
          older={{
            label: `When you saved it (version ${upstream.fromVersion})`,
            text: upstream.from.promptText,
          }}
          newer={{ label: original, text: upstream.current.promptText }}
        />
        {buttons(
          { label: "Update my copy", take: "original" },
          { label: "Keep my copy as it is", take: "mine" },
        )}
      </>
    );
  }
  return (
    <>
      <p className="mt-4 text-sm text-fg-soft">
        You edited your copy, and the original changed too. Choose which text to keep; the other
        stays in your copy's history.
      </p>
      <VersionDiff
        older={{ label: "Your copy", text: upstream.copy.promptText }}
        newer={{ label: original, text: upstream.current.promptText }}
        alternatives={{ olderOnly: "only in your copy", newerOnly: "only in the original" }}
      />
      {buttons(
        { label: "Use the original", take: "original" },
        { label: "Keep mine", take: "mine" },
      )}
    </>
  );
}
