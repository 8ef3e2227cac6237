import { Modal } from "~/components/ui/modal.tsx";
import { useRootData } from "~/lib/root-data.ts";
import { ContinueWithGoogle } from "./continue-with-google.tsx";
import { signInSubtitle, signInTitle } from "./sign-in-text.ts";

/**
 * The sign-in dialog: opened by the public pages' Sign In buttons and by a card's actions.
 * Signed in, the person comes back to this page, or to `returnTo` (a path on this site).
 */
export function SignInModal(props: { open: boolean; onClose: () => void; returnTo?: string }) {
  const { devSignIn } = useRootData();
  return (
    <Modal open={props.open} onClose={props.onClose} title={signInTitle}>
      <p className="mt-2 mb-6 text-center text-muted">{signInSubtitle}</p>
      <ContinueWithGoogle returnTo={props.returnTo} />
      {devSignIn ? (
        <p className="mt-4 text-center text-sm text-warning-text">
          Development sign-in is on: you will choose any email on the next page.
        </p>
      ) : null}
    </Modal>
  );
}
