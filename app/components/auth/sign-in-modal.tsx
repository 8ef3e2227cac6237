import { Modal } from "~/components/ui/modal.tsx";
import { useRootData } from "~/lib/root-data.ts";
import { ContinueWithGoogle } from "./continue-with-google.tsx";
import { signInSubtitle, signInTitle } from "./sign-in-text.ts";

/** The sign-in dialog: opened by the public pages' Sign In buttons and by a card's actions. */
export function SignInModal(props: { open: boolean; onClose: () => void }) {
  const { devSignIn } = useRootData();
  return (
    <Modal open={props.open} onClose={props.onClose} title={signInTitle}>
      <p className="mt-2 mb-6 text-center text-muted">{signInSubtitle}</p>
      <ContinueWithGoogle />
      {devSignIn ? (
        <p className="mt-4 text-center text-sm text-warning-text">
          Development sign-in is on: you will choose any email on the next page.
        </p>
      ) : null}
    </Modal>
  );
}
