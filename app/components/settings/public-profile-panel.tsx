import { useId, useState } from "react";
import { Link } from "react-router";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { PrivacyDialog } from "~/components/privacy/privacy-dialog.tsx";
import { usePublishCheck } from "~/components/privacy/use-publish-check.ts";
import { ApiDataStatus } from "~/components/ui/api-data-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { fieldClass } from "~/components/ui/field-classes.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { useApiData } from "~/lib/use-api-data.ts";
import { messages } from "../../../shared/messages.ts";
import {
  displayNameMaxLength,
  handleMaxLength,
  handleMinLength,
  type ProfileSettings,
  profilePath,
} from "../../../shared/profile.ts";

const readSettings = () => api<ProfileSettings>("GET", "/api/v1/profile");

/**
 * The opt-in public profile: off until turned on, with a handle (its address), a display name
 * and whether to show the account's picture. It lists the person's shared prompts and public
 * collections, never their email or anything private.
 */
export function PublicProfilePanel(props: { suggestedName: string | null }) {
  const { state, reload: load, setValue } = useApiData(readSettings);

  if (state.kind !== "ready") {
    return <ApiDataStatus state={state} what="profile settings" onRetry={() => void load()} />;
  }
  return <ProfileForm saved={state.value} suggestedName={props.suggestedName} onSaved={setValue} />;
}

function ProfileForm(props: {
  saved: ProfileSettings;
  suggestedName: string | null;
  onSaved: (saved: ProfileSettings) => void;
}) {
  const id = useId();
  const { saved } = props;
  const [isPublic, setIsPublic] = useState(saved.isPublic);
  const [handle, setHandle] = useState(saved.handle ?? "");
  const [displayName, setDisplayName] = useState(saved.displayName ?? props.suggestedName ?? "");
  const [showAvatar, setShowAvatar] = useState(saved.showAvatar);
  const [busy, setBusy] = useState(false);
  const privacy = usePublishCheck();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const shown = { handle: handle.trim() || null, displayName: displayName.trim() || null };
      // What a public profile shows passes the privacy check, here and on the server.
      const next = await privacy.check(isPublic ? shown : null, (fields, confirm) =>
        api<ProfileSettings>("PUT", "/api/v1/profile", {
          isPublic,
          handle: fields.handle ?? shown.handle,
          displayName: fields.displayName ?? shown.displayName,
          showAvatar,
          ...(confirm ? { confirm } : {}),
        }),
      );
      if (!next) return;
      setHandle(next.handle ?? "");
      setDisplayName(next.displayName ?? "");
      props.onSaved(next);
      showNotice(messages.profileSaved);
    } catch (error) {
      showNotice(callFailureNotice(error, "save-profile"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} className="max-w-xl space-y-4">
      <p className="text-sm text-fg-soft">
        A public profile lists your shared prompts and public collections at an address of your
        choosing. It never shows your email or anything you keep private. It is off unless you turn
        it on.
      </p>
      <label className="flex items-center gap-2 font-medium text-fg">
        <input
          type="checkbox"
          checked={isPublic}
          onChange={(event) => setIsPublic(event.target.checked)}
          className="h-4 w-4"
        />
        Show my public profile
      </label>
      <div>
        <label htmlFor={`${id}-handle`} className="text-sm font-medium text-fg">
          Handle
        </label>
        <input
          id={`${id}-handle`}
          value={handle}
          required={isPublic}
          minLength={handleMinLength}
          maxLength={handleMaxLength}
          pattern="[A-Za-z0-9_\-]+"
          autoComplete="off"
          aria-describedby={`${id}-handle-hint`}
          onChange={(event) => setHandle(event.target.value)}
          className={fieldClass}
        />
        <p id={`${id}-handle-hint`} className="mt-1 text-xs text-muted">
          {handleMinLength} to {handleMaxLength} letters, digits, _ or -. Your profile's address is
          /u/{handle.trim().toLowerCase() || "handle"}; changing it frees the old address.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-fg">
          Display name
        </label>
        <input
          id={`${id}-name`}
          value={displayName}
          required={isPublic}
          maxLength={displayNameMaxLength}
          onChange={(event) => setDisplayName(event.target.value)}
          className={fieldClass}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-fg">
        <input
          type="checkbox"
          checked={showAvatar}
          disabled={!saved.avatarUrl}
          onChange={(event) => setShowAvatar(event.target.checked)}
          className="h-4 w-4"
        />
        Show my account picture{saved.avatarUrl ? "" : " (your account has none)"}
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={busy}>
          Save profile
        </Button>
        {saved.isPublic && saved.handle ? (
          <Link
            to={profilePath(saved.handle)}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-text hover:underline"
          >
            <Icon name="external-link" className="h-4 w-4" /> View your public profile
          </Link>
        ) : null}
      </div>
      <PrivacyDialog {...privacy.dialog} />
    </form>
  );
}
