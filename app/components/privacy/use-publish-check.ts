import { useRef, useState } from "react";
import { ApiError } from "~/lib/api-client.ts";
import {
  type SharedContent,
  type SharedFinding,
  scanShared,
  withoutFindings,
} from "../../../shared/secret-scan.ts";

interface Asking {
  fields: SharedContent;
  findings: SharedFinding[];
  choose: (choice: "remove" | "share" | "cancel") => void;
}

/**
 * The privacy check for what a form makes public through the JSON API (a public collection's
 * title, description and notes, a public profile's name and handle): `check` scans the fields
 * as the server will (server/prompts/privacy-check.ts), and findings, or the server's refusal,
 * open the privacy dialog before anything is sent again. "Remove and share" sends the fields
 * with each finding replaced, "Share anyway" sends them with confirm, Cancel sends nothing.
 * `check` answers what `send` answered, or null when nothing was saved; other failures throw.
 */
export function usePublishCheck() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  function check<R>(
    /** What becomes public; null when nothing does (a private collection). */
    fields: SharedContent | null,
    send: (fields: SharedContent, confirm: boolean) => Promise<R>,
  ): Promise<R | null> {
    returnTo.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const ask = (asked: SharedContent, findings: SharedFinding[]) =>
      new Promise<R | null>((resolve, reject) => {
        // A choice closes the dialog, which reports a close too: only the first one counts.
        let chosen = false;
        setAsking({
          fields: asked,
          findings,
          choose(choice) {
            if (chosen) return;
            chosen = true;
            setAsking(null);
            if (choice === "cancel") return resolve(null);
            const cleaned = choice === "remove" ? removed(asked, findings) : asked;
            attempt(cleaned, choice === "share").then(resolve, reject);
          },
        });
      });
    const attempt = async (sent: SharedContent, confirm: boolean): Promise<R | null> => {
      try {
        return await send(sent, confirm);
      } catch (error) {
        if (error instanceof ApiError && error.detail === "privacy_findings" && error.findings) {
          return ask(sent, error.findings);
        }
        throw error;
      }
    };
    const findings = fields ? scanShared(fields) : [];
    return findings.length > 0 && fields ? ask(fields, findings) : attempt(fields ?? {}, false);
  }

  return {
    check,
    /** For <PrivacyDialog {...dialog} />. */
    dialog: {
      open: asking !== null,
      texts: asking?.fields ?? {},
      findings: asking?.findings ?? [],
      onRemove: () => asking?.choose("remove"),
      onShareAnyway: () => asking?.choose("share"),
      onCancel: () => asking?.choose("cancel"),
      returnFocus: () => returnTo.current?.focus(),
    },
  };
}

/** The fields with each finding replaced by the removed marker. */
function removed(fields: SharedContent, findings: SharedFinding[]): SharedContent {
  const cleaned: SharedContent = { ...fields };
  for (const field of Object.keys(fields) as (keyof SharedContent)[]) {
    if (field === "entry") continue;
    const text = fields[field];
    const own = findings.filter((finding) => finding.field === field && !finding.entry);
    if (typeof text === "string" && own.length > 0) cleaned[field] = withoutFindings(text, own);
  }
  return cleaned;
}
