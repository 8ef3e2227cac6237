import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate } from "react-router";
import type { SessionUser } from "../../../shared/session-user.ts";
import { fetchSession } from "./fetch-session.ts";

const recheckEveryMs = 30_000;
const channelName = "promptshelf-session";

type SessionState =
  | { status: "loading"; user: null }
  | { status: "signed-in"; user: SessionUser }
  | { status: "signed-out"; user: null };

interface SessionContextValue extends Readonly<{ state: SessionState }> {
  /** Re-asks the server now, and tells the other tabs to do the same. */
  announceChange(): void;
  recheck(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Who is signed in, kept fresh: re-checked every 30 s, when the tab becomes visible, and at
 * once when another tab signs in or out. A page showing private data leaves as soon as its
 * person is no longer signed in.
 */
export function SessionProvider(props: {
  initialUser: SessionUser | null | undefined;
  privatePage: boolean;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>(() =>
    props.initialUser
      ? { status: "signed-in", user: props.initialUser }
      : { status: "loading", user: null },
  );
  const shownUserId = useRef(props.initialUser?.id ?? null);
  const privatePage = useRef(props.privatePage);
  privatePage.current = props.privatePage;
  shownUserId.current = props.initialUser?.id ?? shownUserId.current;

  const recheck = useCallback(async () => {
    const user = await fetchSession();
    if (user === undefined) return; // the server could not say; keep what we know
    setState(user ? { status: "signed-in", user } : { status: "signed-out", user: null });
    if (!privatePage.current) return;
    if (!user) {
      await navigate("/", { replace: true });
    } else if (shownUserId.current && user.id !== shownUserId.current) {
      window.location.reload();
    }
  }, [navigate]);

  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const bc = new BroadcastChannel(channelName);
    channel.current = bc;
    bc.onmessage = () => void recheck();
    const onVisible = () => {
      if (document.visibilityState === "visible") void recheck();
    };
    document.addEventListener("visibilitychange", onVisible);
    const timer = window.setInterval(() => void recheck(), recheckEveryMs);
    if (!props.initialUser) void recheck();
    return () => {
      bc.close();
      document.removeEventListener("visibilitychange", onVisible);
      window.clearInterval(timer);
    };
  }, [recheck, props.initialUser]);

  const announceChange = useCallback(() => {
    channel.current?.postMessage("changed");
    void recheck();
  }, [recheck]);

  const value = useMemo(
    () => ({ state, announceChange, recheck }),
    [state, announceChange, recheck],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
