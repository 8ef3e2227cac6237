import { useState } from "react";
import { Button, type ButtonVariant } from "~/components/ui/button.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import { useRootData } from "~/lib/root-data.ts";
import { ContinueWithGoogle } from "./continue-with-google.tsx";
import { signInSubtitle, signInTitle } from "./sign-in-text.ts";

/** Every Sign In and start button on public pages opens this dialog. */
export function SignInButton(props: {
  children: React.ReactNode;
  variant?: ButtonVariant;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
  const { devSignIn } = useRootData();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={props.variant}
        size={props.size}
        className={props.className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {props.children}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={signInTitle}>
        <p className="mt-2 mb-6 text-center text-muted">{signInSubtitle}</p>
        <ContinueWithGoogle />
        {devSignIn ? (
          <p className="mt-4 text-center text-sm text-warning-text">
            Development sign-in is on: you will choose any email on the next page.
          </p>
        ) : null}
      </Modal>
    </>
  );
}
