import { useEffect, useState } from "react";
import { SignInModal } from "~/components/auth/sign-in-modal.tsx";
import { callFailureNotice } from "~/components/organise/call-failure.ts";
import { useSession } from "~/components/session/session-provider.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import type { CollectionDetail, SaveCollectionResult } from "../../../shared/collection.ts";
import { messages } from "../../../shared/messages.ts";

/**
 * Star and "Save all to my library" on a collection's public page. The page is the same for
 * every visitor; whether this person starred it is asked once the browser knows who is looking,
 * and a visitor is offered sign-in instead.
 */
export function CollectionActions(props: { id: string; starCount: number; itemCount: number }) {
  const { state } = useSession();
  const signedIn = state.status === "signed-in";
  const [starred, setStarred] = useState<boolean | null>(null);
  const [stars, setStars] = useState(props.starCount);
  const [busy, setBusy] = useState<"star" | "save" | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api<CollectionDetail>("GET", `/api/v1/collections/${props.id}`, undefined, {
      signal: controller.signal,
    })
      .then((detail) => {
        setStarred(detail.starred);
        setStars(detail.starCount);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [signedIn, props.id]);

  async function toggleStar() {
    if (!signedIn) return setAsking(true);
    const next = !starred;
    setBusy("star");
    try {
      await api(next ? "PUT" : "DELETE", `/api/v1/collections/${props.id}/star`);
      setStarred(next);
      setStars((count) => count + (next ? 1 : -1));
    } catch (error) {
      showNotice(callFailureNotice(error, "star-collection"));
    } finally {
      setBusy(null);
    }
  }

  async function saveAll() {
    if (!signedIn) return setAsking(true);
    setBusy("save");
    try {
      const result = await api<SaveCollectionResult>(
        "POST",
        `/api/v1/collections/${props.id}/save`,
      );
      showNotice(messages.collectionSaved(result.saved, result.alreadyInLibrary));
    } catch (error) {
      showNotice(callFailureNotice(error, "save-collection"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        aria-pressed={signedIn && starred !== null ? starred : undefined}
        aria-busy={busy === "star" || undefined}
        disabled={busy !== null}
        onClick={() => void toggleStar()}
      >
        <Icon name="star" filled={starred === true} className="h-4 w-4" />
        {starred ? "Starred" : "Star"}
        <span className="text-muted">
          {stars.toLocaleString("en-US")}
          <span className="sr-only"> {stars === 1 ? "star" : "stars"}</span>
        </span>
      </Button>
      <Button
        aria-busy={busy === "save" || undefined}
        disabled={busy !== null || props.itemCount === 0}
        onClick={() => void saveAll()}
      >
        <Icon name={busy === "save" ? "loader" : "bookmark-plus"} className="h-4 w-4" />
        Save all to my library
      </Button>
      <SignInModal open={asking} onClose={() => setAsking(false)} />
    </div>
  );
}
