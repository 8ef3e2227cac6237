import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, NavLink } from "react-router";
import { PaletteButton } from "~/components/keyboard/palette-button.tsx";
import { useSignOut } from "~/components/session/use-sign-out.ts";
import { Icon } from "~/components/ui/icon.tsx";
import { cx } from "~/lib/cx.ts";
import { libraryLinks, mainLinks } from "~/lib/navigation.ts";
import { displayName, type SessionUser } from "../../../shared/session-user.ts";
import { Avatar } from "./avatar.tsx";
import { Logo } from "./logo.tsx";
import { MobileDrawer } from "./mobile-drawer.tsx";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cx(
    "rounded-md px-3 py-2 text-sm font-medium",
    isActive ? "bg-accent-soft text-accent-text" : "text-fg-soft hover:bg-subtle",
  );

const menuPanel =
  "z-50 min-w-56 rounded-xl bg-surface p-1.5 shadow-lg ring-1 ring-line data-[state=open]:animate-in";
const menuItem =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg-soft outline-none data-[highlighted]:bg-subtle";

/** The signed-in top bar: links on wide screens, a right-side drawer below 768 px. */
export function AppHeader(props: { user: SessionUser }) {
  const { user } = props;
  const { signOut, busy } = useSignOut();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo to="/dashboard" />
        <PaletteButton />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainLinks(user).map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-fg-soft hover:bg-subtle">
              Libraries <Icon name="chevron-down" className="h-4 w-4" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={6} className={menuPanel}>
                {libraryLinks.map((link) => (
                  <DropdownMenu.Item key={link.to} asChild className={menuItem}>
                    <Link to={link.to}>{link.label}</Link>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              aria-label={`Account menu for ${displayName(user)}`}
              className="ml-2 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              <Avatar user={user} />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content align="end" sideOffset={6} className={menuPanel}>
                <DropdownMenu.Label className="px-3 py-2">
                  <p className="text-sm font-semibold text-fg">
                    {displayName(user)}
                    {user.isAdmin ? <span className="ml-1 text-accent-text">(Admin)</span> : null}
                  </p>
                  <p className="truncate text-xs text-faint">{user.email}</p>
                </DropdownMenu.Label>
                <DropdownMenu.Separator className="my-1 h-px bg-subtle-strong" />
                <DropdownMenu.Item asChild className={menuItem}>
                  <Link to="/favourites">
                    <Icon name="star" className="h-4 w-4" /> Favourites
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItem}>
                  <Link to="/teams">
                    <Icon name="users" className="h-4 w-4" /> Teams
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItem}>
                  <Link to="/collections">
                    <Icon name="library" className="h-4 w-4" /> Collections
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItem}>
                  <Link to="/workbench">
                    <Icon name="play" className="h-4 w-4" /> Workbench
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItem}>
                  <Link to="/settings">
                    <Icon name="settings" className="h-4 w-4" /> Settings
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className={menuItem}
                  disabled={busy}
                  onSelect={() => void signOut()}
                >
                  <Icon name="log-out" className="h-4 w-4" /> Logout
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </nav>
        <MobileDrawer user={user} onSignOut={signOut} signingOut={busy} />
      </div>
    </header>
  );
}
