import { useState } from "react";
import { Button, type ButtonVariant } from "~/components/ui/button.tsx";
import { SignInModal } from "./sign-in-modal.tsx";

/** Every Sign In and start button on public pages opens this dialog. */
export function SignInButton(props: {
  children: React.ReactNode;
  variant?: ButtonVariant;
  size?: "sm" | "md" | "lg";
  className?: string;
}) {
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
      <SignInModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
