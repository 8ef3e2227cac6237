import { ContinueWithGoogle } from "~/components/auth/continue-with-google.tsx";
import { signInSubtitle, signInTitle } from "~/components/auth/sign-in-text.ts";
import { Modal } from "~/components/ui/modal.tsx";
import { useRootData } from "~/lib/root-data.ts";

/**
 * The sign-in dialog, opened by a card's action on a public page for someone not signed in:
 * the same dialog as the page's Sign In buttons, opened by the card's own buttons.
 */
export function SignInFirst(props: { open: boolean; onClose: () => void }) {
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
