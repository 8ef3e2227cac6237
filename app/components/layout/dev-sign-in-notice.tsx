import { useRootData } from "~/lib/root-data.ts";

/** Always visible while the development identity provider stands in for Google. */
export function DevSignInNotice() {
  const { devSignIn } = useRootData();
  if (!devSignIn) return null;
  return (
    <p className="bg-warning-soft px-4 py-1.5 text-center text-sm text-warning-text">
      Development sign-in is on: Google is not configured, and any email signs in.
    </p>
  );
}
