import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router';
import { useModes } from '../modes/modes';
import { useClient } from '../operator/use-client';
import { useSession } from '../session/session';
import { useKioskHomeUrl } from './use-kiosk-home';

/** The spec's kiosk idle time (shell-session-basket.md 9); the client setting may shorten it. */
const defaultKioskIdleMs = 90_000;

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Kiosk mode: after the idle time with no pointer, key or touch activity, the user is logged out
 * and the kiosk goes back to its home. An anonymous visitor already at the kiosk home stays put.
 */
export interface KioskIdleHandle {
  /** The page runs its own kiosk idle handling (the joining form's start-over prompt and clear). */
  ownsKioskIdle?: boolean;
}

export interface KioskIdleLogoutProps {
  /** Where leaving goes; tests pass a spy. */
  navigate?: (url: string) => void;
}

export function KioskIdleLogout({
  navigate = (url: string) => window.location.assign(url),
}: KioskIdleLogoutProps) {
  const { kiosk: kioskMode } = useModes();
  const pageOwnsIdle = useMatches().some(
    (match) => (match.handle as KioskIdleHandle | undefined)?.ownsKioskIdle,
  );
  const kiosk = kioskMode && !pageOwnsIdle;
  const { data: client } = useClient();
  const { isLoggedIn, isLoading, logout } = useSession();
  const homeUrl = useKioskHomeUrl();
  const idleMs = client?.kioskIdleMs ?? defaultKioskIdleMs;
  // Until the user call answers, the kiosk may be signed in: leaving must still end that session.
  const maybeSignedIn = isLoggedIn || isLoading;
  const latest = useRef({ maybeSignedIn, logout, homeUrl, navigate });
  latest.current = { maybeSignedIn, logout, homeUrl, navigate };

  useEffect(() => {
    if (!kiosk) return;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle < idleMs) {
        timer = setTimeout(check, idleMs - idle);
        return;
      }
      void leave();
    };
    const leave = async () => {
      const { maybeSignedIn: signedIn, logout: endSession, homeUrl: home, navigate: go } = latest.current;
      const atHome = new URL(home, window.location.href).pathname === window.location.pathname;
      if (!signedIn && atHome) {
        lastActivity = Date.now();
        timer = setTimeout(check, idleMs);
        return;
      }
      if (signedIn) await endSession().catch(() => undefined);
      go(home);
    };
    for (const name of activityEvents) window.addEventListener(name, onActivity, { passive: true });
    timer = setTimeout(check, idleMs);
    return () => {
      clearTimeout(timer);
      for (const name of activityEvents) window.removeEventListener(name, onActivity);
    };
  }, [kiosk, idleMs]);

  return null;
}
