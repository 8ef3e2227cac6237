import { useState } from "react";
import { Link, NavLink } from "react-router";
import { SignInButton } from "~/components/auth/sign-in-dialog.tsx";
import { useSession } from "~/components/session/session-provider.tsx";
import { Button, buttonClasses } from "~/components/ui/button.tsx";
import { DisclosureMenu } from "~/components/ui/disclosure-menu.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { Modal } from "~/components/ui/modal.tsx";
import { cx } from "~/lib/cx.ts";
import { browsePath } from "../../../shared/browse.ts";
import { landingPages } from "../../../shared/landing-pages.ts";
import { Logo } from "./logo.tsx";

const libraryLinks = landingPages.map((page) => ({ to: page.path, label: page.label }));

/** The public top bar: the eight libraries, browsing every shared prompt, and Sign In (or the dashboard, once signed in). */
export function PublicHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo to="/" />
        <nav aria-label="Prompt libraries" className="hidden items-center gap-1 xl:flex">
          {landingPages.map((page) => (
            <NavLink
              key={page.path}
              to={page.path}
              className={({ isActive }) =>
                cx(
                  "rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap",
                  isActive ? "bg-accent-soft text-accent-text" : "text-fg-soft hover:bg-subtle",
                )
              }
            >
              {page.navLabel}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <NavLink
            to={browsePath}
            className={({ isActive }) =>
              cx(
                "hidden rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap md:block",
                isActive ? "bg-accent-soft text-accent-text" : "text-fg-soft hover:bg-subtle",
              )
            }
          >
            Browse prompts
          </NavLink>
          {/* Between 768 px and extra-large screens the eight libraries fold into a menu. */}
          <DisclosureMenu
            label="Libraries"
            links={libraryLinks}
            className="hidden md:block xl:hidden"
          />
          <div className="hidden md:block">
            <AccountAction />
          </div>
          <PublicDrawer />
        </div>
      </div>
    </header>
  );
}

function AccountAction(props: { wide?: boolean }) {
  const { state } = useSession();
  if (state.status === "signed-in") {
    return (
      <Link
        to={state.user.isAdmin ? "/admin" : "/dashboard"}
        className={cx(buttonClasses("primary", "sm"), props.wide && "w-full")}
      >
        Go to Dashboard
      </Link>
    );
  }
  return (
    <SignInButton size="sm" className={props.wide ? "w-full" : undefined}>
      Sign In
    </SignInButton>
  );
}

/** Below 768 px: a drawer from the right with browsing, the libraries and Sign In. */
function PublicDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon name="menu" className="h-6 w-6" />
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Menu"
        placement="right"
        className="md:hidden"
      >
        <Link
          to={browsePath}
          onClick={() => setOpen(false)}
          className="mt-4 rounded-md px-3 py-2.5 text-base font-medium text-accent-text hover:bg-subtle"
        >
          Browse all prompts
        </Link>
        <nav aria-label="Prompt libraries" className="mt-2 flex flex-col gap-1">
          {landingPages.map((page) => (
            <Link
              key={page.path}
              to={page.path}
              onClick={() => setOpen(false)}
              className="rounded-md px-3 py-2.5 text-base font-medium text-fg-soft hover:bg-subtle"
            >
              {page.label}
            </Link>
          ))}
        </nav>
        <div className="mt-auto pt-6">
          <AccountAction wide />
        </div>
      </Modal>
    </>
  );
}
