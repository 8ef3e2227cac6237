import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import { type SharedFinding, scanShared, withoutFindings } from "../../../shared/secret-scan.ts";

export interface SharedFields {
  promptText: string;
  useCase: string;
}

/**
 * The privacy check on a form that shares: on submit, the text and use case are scanned as the
 * server will scan them (server/prompts/privacy-check.ts); findings hold the submission and open
 * the privacy dialog. "Remove and share" sends the text with each finding replaced, "Share
 * anyway" sends it as it is with confirm=1. A refusal from the server opens the same dialog.
 */
export function usePrivacyCheck(options: {
  shares: boolean;
  fetcher: FetcherWithComponents<PromptActionResult>;
  fields: SharedFields;
  /** The fields as "Remove and share" left them, for the form to show. */
  onRemoved: (fields: SharedFields) => void;
  returnFocus: () => void;
}) {
  const form = useRef<HTMLFormElement | null>(null);
  const sent = useRef(options.fields);
  const [asking, setAsking] = useState<{ fields: SharedFields; findings: SharedFinding[] } | null>(
    null,
  );

  const { fetcher } = options;
  // The fetcher may hold an answer from before this form opened: only a new one counts.
  const handled = useRef<PromptActionResult | undefined>(fetcher.data);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok && result.error.detail === "privacy_findings" && result.error.findings) {
      setAsking({ fields: sent.current, findings: result.error.findings });
    }
  }, [fetcher.data, fetcher.state]);

  function submit(fields: SharedFields, confirm: boolean) {
    const element = form.current;
    if (!element) return;
    const data = new FormData(element);
    data.set("promptText", fields.promptText);
    if (data.has("useCase")) data.set("useCase", fields.useCase);
    if (confirm) data.set("confirm", "1");
    sent.current = fields;
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  return {
    /** For the form's onSubmit, once its own checks pass: true when the dialog holds it. */
    intercepts(event: FormEvent<HTMLFormElement>) {
      form.current = event.currentTarget;
      sent.current = options.fields;
      if (!options.shares) return false;
      const findings = scanShared(options.fields);
      if (findings.length === 0) return false;
      event.preventDefault();
      setAsking({ fields: options.fields, findings });
      return true;
    },
    dialog: {
      open: asking !== null,
      promptText: asking?.fields.promptText ?? "",
      findings: asking?.findings ?? [],
      onRemove() {
        if (!asking) return;
        const { fields, findings } = asking;
        const cleaned = {
          promptText: withoutFindings(fields.promptText, inField(findings, "promptText")),
          useCase: withoutFindings(fields.useCase, inField(findings, "useCase")),
        };
        setAsking(null);
        options.onRemoved(cleaned);
        submit(cleaned, false);
      },
      onShareAnyway() {
        if (!asking) return;
        setAsking(null);
        submit(asking.fields, true);
      },
      onCancel: () => setAsking(null),
      returnFocus: options.returnFocus,
    },
  };
}

function inField(findings: SharedFinding[], field: SharedFinding["field"]) {
  return findings.filter((finding) => finding.field === field);
}
