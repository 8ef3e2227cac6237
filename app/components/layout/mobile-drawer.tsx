import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { NavLink } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import { libraryLinks, mainLinks } from "~/lib/navigation.ts";
import { displayName, type SessionUser } from "../../../shared/session-user.ts";
import { Avatar } from "./avatar.tsx";
import { ThemeSwitcher } from "./theme-switcher.tsx";

const drawerLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    "block rounded-md px-3 py-2 text-base font-medium",
    isActive ? "bg-accent-soft text-accent-text" : "text-fg-soft hover:bg-subtle",
  );

/** Below 768 px the menu is a drawer from the right with the person, the links and Logout. */
export function MobileDrawer(props: {
  user: SessionUser;
  onSignOut: () => Promise<void>;
  signingOut: boolean;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Icon name="menu" className="h-6 w-6" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-overlay md:hidden" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-surface p-5 shadow-2xl focus:outline-none md:hidden">
          <div className="flex shrink-0 items-start justify-between gap-2">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar user={props.user} size="lg" />
              <div className="min-w-0">
                <Dialog.Title className="font-semibold text-fg">
                  {displayName(props.user)}
                  {props.user.isAdmin ? (
                    <span className="ml-1 text-accent-text">(Admin)</span>
                  ) : null}
                </Dialog.Title>
                <Dialog.Description className="truncate text-sm text-faint">
                  {props.user.email}
                </Dialog.Description>
              </div>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <Icon name="x" className="h-5 w-5" />
              </Button>
            </Dialog.Close>
          </div>
          <nav aria-label="Main" className="mt-6 flex shrink-0 flex-col gap-1">
            {mainLinks(props.user).map((link) => (
              <NavLink key={link.to} to={link.to} className={drawerLink} onClick={close}>
                {link.label}
              </NavLink>
            ))}
            <NavLink to="/favourites" className={drawerLink} onClick={close}>
              Favourites
            </NavLink>
            <NavLink to="/teams" className={drawerLink} onClick={close}>
              Teams
            </NavLink>
            <NavLink to="/collections" className={drawerLink} onClick={close}>
              Collections
            </NavLink>
            <NavLink to="/workbench" className={drawerLink} onClick={close}>
              Workbench
            </NavLink>
            <NavLink to="/settings" className={drawerLink} onClick={close}>
              Settings
            </NavLink>
            <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-faint uppercase">
              Libraries
            </p>
            {libraryLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={drawerLink} onClick={close}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          {/* Below the links, never squeezed: a menu taller than the screen scrolls instead. */}
          <ThemeSwitcher layout="stacked" className="mt-auto shrink-0 px-3 pt-6" />
          <Button
            variant="secondary"
            className="mt-4 shrink-0"
            disabled={props.signingOut}
            onClick={() => {
              close();
              void props.onSignOut();
            }}
          >
            <Icon name="log-out" className="h-4 w-4" /> Logout
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
