import { useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "~/components/session/session-provider.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ApiError, api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";

/** Delete my account: typed email to confirm, a choice about shared prompts, an export first if wanted. */
export function DeleteAccountPanel(props: { email: string }) {
  const navigate = useNavigate();
  const { announceChange } = useSession();
  const [typed, setTyped] = useState("");
  const [keepShared, setKeepShared] = useState(false);
  const [exportFirst, setExportFirst] = useState(true);
  const [busy, setBusy] = useState(false);
  const confirmed = typed.trim().toLowerCase() === props.email.toLowerCase();

  async function remove() {
    setBusy(true);
    try {
      if (exportFirst) await downloadExport();
      await api("DELETE", "/api/v1/account", {
        confirmEmail: typed,
        keepSharedPrompts: keepShared,
      });
      await navigate("/");
      showNotice({
        kind: "success",
        title: "Your account has been deleted",
        description: "Thank you for using PromptShelf.",
      });
      announceChange();
    } catch (error) {
      showNotice({
        kind: "error",
        title: "Error",
        description: error instanceof ApiError ? error.message : "Failed to delete your account",
      });
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed) void remove();
      }}
    >
      <p className="text-sm text-fg-soft">
        This removes your account, your personal prompts, folders, tags and favourites, and signs
        you out everywhere. It cannot be undone.
      </p>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={keepShared}
          onChange={(event) => setKeepShared(event.target.checked)}
          className="mt-1"
        />
        Keep the prompts I shared in the community library (shown as by "Community Member")
      </label>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={exportFirst}
          onChange={(event) => setExportFirst(event.target.checked)}
          className="mt-1"
        />
        Download my library (JSON) first
      </label>
      <div>
        <label htmlFor="confirm-email" className="text-sm font-medium text-fg">
          Type your email address ({props.email}) to confirm
        </label>
        <input
          id="confirm-email"
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="mt-1 block w-full max-w-sm rounded-lg border-0 px-3 py-2 ring-1 ring-line-strong focus:ring-2 focus:ring-danger"
        />
      </div>
      <Button type="submit" variant="danger" disabled={!confirmed || busy}>
        {busy ? "Deleting..." : "Delete my account"}
      </Button>
    </form>
  );
}

async function downloadExport() {
  const response = await fetch("/api/v1/export?format=json");
  if (!response.ok)
    throw new ApiError(
      response.status,
      "export_failed",
      "The export failed, so nothing was deleted",
    );
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    "promptshelf-library.json";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
