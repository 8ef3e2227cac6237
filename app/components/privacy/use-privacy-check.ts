import { type FormEvent, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { PromptActionResult } from "~/lib/prompt-actions.ts";
import {
  type SharedContent,
  type SharedFinding,
  scanShared,
  withoutFindings,
} from "../../../shared/secret-scan.ts";
import { purgeLeftBehind, takenOut } from "./purge-left-behind.ts";

export interface SharedFields {
  promptText: string;
  useCase: string;
  /** Only the prompt form has one; it is public with the prompt, though no part of a version. */
  description?: string;
}

/**
 * The privacy check on a form that shares: on submit, the text, use case, description and note are scanned
 * as the server will scan them (server/prompts/privacy-check.ts); findings hold the submission
 * and open the privacy dialog. "Remove and share" sends the fields with each finding replaced,
 * "Share anyway" sends them as they are with confirm=1. A refusal from the server opens the
 * same dialog. An edit of a shared prompt that takes out a finding its current version has asks
 * first whether to purge the earlier versions that still hold it, once the edit is saved.
 */
export function usePrivacyCheck(options: {
  shares: boolean;
  fetcher: FetcherWithComponents<PromptActionResult>;
  fields: SharedFields;
  /** The fields as "Remove and share" left them, for the form to show. */
  onRemoved: (fields: SharedFields) => void;
  returnFocus: () => void;
  /** For an edit: the prompt and its current version's fields. */
  editing?: { id: string; before: SharedFields };
}) {
  const form = useRef<HTMLFormElement | null>(null);
  const sent = useRef<SharedContent>(options.fields);
  const [asking, setAsking] = useState<{ fields: SharedContent; findings: SharedFinding[] } | null>(
    null,
  );
  const [offering, setOffering] = useState<SharedFinding[] | null>(null);
  /** What the edit being saved took out, to purge from earlier versions once it is saved. */
  const purgeAfterSave = useRef<SharedFinding[] | null>(null);

  const { fetcher, editing } = options;
  // The fetcher may hold an answer from before this form opened: only a new one counts.
  const handled = useRef<PromptActionResult | undefined>(fetcher.data);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (!result.ok && result.error.detail === "privacy_findings" && result.error.findings) {
      purgeAfterSave.current = null;
      setAsking({ fields: sent.current, findings: result.error.findings });
    }
    const removed = purgeAfterSave.current;
    purgeAfterSave.current = null;
    // The form closes on a saved edit; the purge goes on and says how it went in a notice.
    if (result.ok && removed && editing) void purgeLeftBehind(editing.id, removed);
  }, [fetcher.data, fetcher.state, editing]);

  function submit(fields: SharedContent, confirm: boolean) {
    const element = form.current;
    if (!element) return;
    const data = new FormData(element);
    data.set("promptText", fields.promptText ?? "");
    if (data.has("useCase")) data.set("useCase", fields.useCase ?? "");
    if (data.has("description")) data.set("description", fields.description ?? "");
    if (data.has("note")) data.set("note", fields.note ?? "");
    if (confirm) data.set("confirm", "1");
    sent.current = fields;
    void fetcher.submit(data, { method: "post", encType: "multipart/form-data" });
  }

  return {
    /** For the form's onSubmit, once its own checks pass: true when a dialog holds it. */
    intercepts(event: FormEvent<HTMLFormElement>) {
      form.current = event.currentTarget;
      const note = new FormData(event.currentTarget).get("note");
      const fields = { ...options.fields, note: typeof note === "string" ? note : undefined };
      sent.current = fields;
      purgeAfterSave.current = null;
      if (!options.shares) return false;
      const findings = scanShared(fields);
      if (findings.length > 0) {
        event.preventDefault();
        setAsking({ fields, findings });
        return true;
      }
      const removed = editing ? takenOut(editing.before, fields) : [];
      if (removed.length === 0) return false;
      event.preventDefault();
      setOffering(removed);
      return true;
    },
    dialog: {
      open: asking !== null,
      texts: asking?.fields ?? {},
      findings: asking?.findings ?? [],
      onRemove() {
        if (!asking) return;
        const { fields, findings } = asking;
        const cleaned = {
          promptText: withoutFindings(fields.promptText ?? "", inField(findings, "promptText")),
          useCase: withoutFindings(fields.useCase ?? "", inField(findings, "useCase")),
          description: withoutFindings(fields.description ?? "", inField(findings, "description")),
          note: withoutFindings(fields.note ?? "", inField(findings, "note")),
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
      offer: {
        open: offering !== null,
        removed: offering ?? [],
        onPurge() {
          purgeAfterSave.current = offering;
          setOffering(null);
          submit(sent.current, false);
        },
        onJustSave() {
          setOffering(null);
          submit(sent.current, false);
        },
        onCancel: () => setOffering(null),
        returnFocus: options.returnFocus,
      },
    },
  };
}

function inField(findings: SharedFinding[], field: SharedFinding["field"]) {
  return findings.filter((finding) => finding.field === field);
}
