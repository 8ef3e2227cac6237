import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Button } from "~/components/ui/button.tsx";
import { api } from "~/lib/api-client.ts";
import { showNotice } from "~/lib/notify.ts";
import { messages } from "../../../shared/messages.ts";
import type { Prompt } from "../../../shared/prompt.ts";
import type { TeamSummary } from "../../../shared/teams.ts";
import { callFailureNotice } from "./call-failure.ts";

/**
 * Moving one of your prompts into a team asks first: it cannot be taken back out, and the team's
 * members see it from then on.
 */
export function MoveIntoTeamDialog(props: {
  prompt: Prompt;
  team: TeamSummary | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const { team } = props;
  const move = async () => {
    if (!team) return;
    setBusy(true);
    try {
      await api("PUT", `/api/v1/prompts/${props.prompt.id}/team`, { teamId: team.id });
      showNotice(messages.movedIntoTeam(team.name));
      props.onClose();
      props.onMoved();
    } catch (error) {
      showNotice(callFailureNotice(error, "move-into-team"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={team !== null} onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-surface p-6 shadow-2xl">
          <Dialog.Title className="text-lg font-semibold break-words text-fg">
            Move into {team?.name}?
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            “{props.prompt.title}” becomes the team's, with its history: every member can read it
            and its editors can change it. It leaves your folders and tags, and cannot be moved
            back; you can keep a copy of it from the team's library.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <Button disabled={busy} onClick={() => void move()}>
              Move into team
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
