import { useState } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { ApiError } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import {
  addedText,
  addsAnything,
  figure,
  nothingToAddText,
  type Report,
  skippedText,
} from "./import-report-text.ts";

/**
 * Import: choose a file, see what it would add, then import it all (or nothing, on an error),
 * into one's own library or, given one, a team's.
 */
export function ImportPanel(props: { teamId?: string }) {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Report | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shared prompts holding private data wait until the person says to share them anyway.
  const [heldForPrivacy, setHeldForPrivacy] = useState(false);
  const [shareAnyway, setShareAnyway] = useState(false);

  async function choose(chosen: File | undefined, confirmed = false) {
    setPreview(null);
    setProblem(null);
    setHeldForPrivacy(false);
    setShareAnyway(confirmed);
    if (!chosen) return setFile(null);
    setFile(chosen);
    setBusy(true);
    try {
      setPreview(await upload(chosen, true, confirmed));
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : "The file could not be read. Please try again.",
      );
      setHeldForPrivacy(error instanceof ApiError && error.detail === "privacy_findings");
    } finally {
      setBusy(false);
    }
  }

  // The file goes as it is, bytes and all (a zip is binary); its name tells a .prompt.md file
  // from another tool's Markdown command.
  async function upload(chosen: File, dryRun: boolean, confirmed: boolean): Promise<Report> {
    const query = new URLSearchParams({
      ...(dryRun ? { dryRun: "1" } : {}),
      ...(confirmed ? { confirm: "1" } : {}),
      ...(props.teamId ? { team: props.teamId } : {}),
      name: chosen.name,
    });
    const response = await fetch(`/api/v1/import?${query}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", accept: "application/json" },
      body: chosen,
    });
    const body = await response.json();
    if (!response.ok)
      throw new ApiError(
        response.status,
        body.error?.code,
        body.error?.message ?? "Import failed",
        body.error?.detail,
      );
    return body as Report;
  }

  async function confirm() {
    if (!file) return;
    setBusy(true);
    try {
      const report = await upload(file, false, shareAnyway);
      showNotice({
        kind: "success",
        title: `Imported ${addedText(report)}`,
        description: skippedText(report),
      });
      setFile(null);
      setPreview(null);
      void revalidator.revalidate();
    } catch (error) {
      setProblem(
        error instanceof ApiError ? error.message : "The import failed. Nothing was imported.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-surface px-4 py-2 text-sm font-medium text-fg ring-1 ring-line-strong hover:bg-canvas focus-within:outline-2 focus-within:outline-focus">
        <Icon name="upload" className="h-4 w-4" /> Choose a file to import
        <input
          type="file"
          accept=".json,.csv,.md,.zip,application/json,text/csv,text/markdown,application/zip"
          className="sr-only"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            // Cleared, so choosing the same file again (after importing it) reads it again.
            event.target.value = "";
          }}
        />
      </label>
      <p className="mt-2 text-sm text-muted">
        A PromptShelf JSON or CSV export, a prompts.chat CSV (columns act, prompt), an Open WebUI,
        LibreChat, Raycast or AI Prompt Genius export, or Copilot .prompt.md files and Claude Code
        commands (one file, or a zip of many). Their variables become {"{{variables}}"}.
      </p>
      {busy && !preview ? (
        <p role="status" className="mt-4 text-sm text-muted">
          Reading {file?.name}...
        </p>
      ) : null}
      {problem ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-danger-soft p-3 text-sm text-danger-text ring-1 ring-danger-line"
        >
          {problem}
        </p>
      ) : null}
      {heldForPrivacy && file ? (
        <div className="mt-3 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => void choose(file, true)} disabled={busy}>
            Share them anyway
          </Button>
          <Button variant="secondary" onClick={() => void choose(undefined)} disabled={busy}>
            Cancel
          </Button>
        </div>
      ) : null}
      {preview && file ? (
        <div className="mt-4 rounded-xl bg-canvas p-4 ring-1 ring-line">
          <h3 className="font-semibold [overflow-wrap:anywhere] text-fg">
            Ready to import {file.name}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm text-fg-soft sm:grid-cols-4">
            <dt>Format</dt>
            <dd className="font-medium">{preview.format}</dd>
            <dt>Prompts in the file</dt>
            <dd className="font-medium">{figure(preview.inFile)}</dd>
            <dt>To add</dt>
            <dd className="font-medium">{figure(preview.added)}</dd>
            <dt>Repeated in the file</dt>
            <dd className="font-medium">{figure(preview.repeatedInFile)}</dd>
            <dt>Already in your library</dt>
            <dd className="font-medium">{figure(preview.alreadyInLibrary)}</dd>
            <dt>New folders</dt>
            <dd className="font-medium">{figure(preview.newFolders)}</dd>
            {preview.newCollections + preview.collectionsInLibrary > 0 ? (
              <>
                <dt>New collections</dt>
                <dd className="font-medium">{figure(preview.newCollections)}</dd>
              </>
            ) : null}
          </dl>
          {preview.sample.length ? (
            <p className="mt-2 text-sm text-muted">First: {preview.sample.join(", ")}</p>
          ) : null}
          {!addsAnything(preview) ? (
            <p id="import-nothing-to-add" className="mt-3 text-sm text-fg-soft">
              {nothingToAddText(preview)}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              onClick={() => void confirm()}
              disabled={busy || !addsAnything(preview)}
              aria-describedby={!addsAnything(preview) ? "import-nothing-to-add" : undefined}
            >
              {busy ? "Importing..." : `Import ${addedText(preview)}`}
            </Button>
            <Button variant="secondary" onClick={() => void choose(undefined)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
