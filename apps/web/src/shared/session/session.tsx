import type { AuthUser } from '@leisure/contract/auth';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Camel } from '../api/camel';
import { type ApiCall, ApiError, api, configureApi, readCsrfCookie } from '../api/client';
import { operatorKeys } from '../api/query-keys';
import { isEndedSession, reloadOnceForEndedSession } from './reload-once';

/** The signed-in user as the app sees it (camelCase). */
export type SessionUser = Camel<AuthUser>;

export const userQueryKey = ['auth', 'user'] as const;

/** The spec's token watch interval (shell-session-basket.md 9). */
const tokenWatchIntervalMs = 5_000;

/**
 * The session token lives in an HttpOnly cookie the page cannot read; the readable CSRF cookie is
 * set and cleared with it, so its presence is what the token watch looks at. A cookie of a session
 * this tab has seen end (a 401, ./reload-once) does not count.
 */
function liveSessionCsrf(): string | undefined {
  const csrf = readCsrfCookie();
  return csrf && !isEndedSession(csrf) ? csrf : undefined;
}

export function hasSessionCookie(): boolean {
  return liveSessionCsrf() !== undefined;
}

/** The user's call, which every page makes first when a session cookie is held. */
export const userCall: ApiCall = { path: 'api/auth/user' };

async function fetchUser(): Promise<SessionUser | null> {
  if (!hasSessionCookie()) return null;
  try {
    const answer = await api.get<{ data: SessionUser }>(userCall.path, { expectUnauthenticated: true });
    return answer.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** `GET api/auth/user`: the signed-in user, or null without a session. */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: fetchUser,
  staleTime: 60_000,
});

export interface Session {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** True until the first answer about the user is in. */
  isLoading: boolean;
  /** Logs in with an email or customer reference; rejects with ApiError carrying the server text. */
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Reloads the user (after details change, photo change, ...). */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Logout clears the cart and everything user-scoped (shell-session-basket.md 4). It resets those
 * queries rather than removing them: a screen still mounted (the kiosk's cleared joining form)
 * keeps watching its queries, which then refetch as anonymous instead of hanging on a removed entry.
 */
function clearSessionState(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(userQueryKey, null);
  return queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== userQueryKey[0] && query.queryKey[0] !== operatorKeys.all[0],
  });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery(userQueryOptions);
  const [hadCookie, setHadCookie] = useState(hasSessionCookie);
  /** The CSRF cookie of the session this page is signed in with, if any. */
  const [firstSessionCsrf] = useState(liveSessionCsrf); // read once, not on every render
  const sessionCsrf = useRef(firstSessionCsrf);

  useEffect(() => {
    // Any 401 clears the session and reloads the page (shell-session-basket.md 4), once for each
    // session (./reload-once): if the page's calls answer 401 again after that reload, it stays,
    // signed out, and its screens ask for a login. Once this page knows it is signed out, a 401
    // answers a stale request (a reset query refetching the old user's basket), not a session that
    // went away: nothing to clear, no reload.
    configureApi({
      onUnauthenticated: () => {
        const ended = sessionCsrf.current;
        if (ended === undefined) return;
        sessionCsrf.current = undefined;
        // The reload starts the page afresh; only a page that stays needs its state cleared.
        if (reloadOnceForEndedSession(ended)) return;
        setHadCookie(false);
        void clearSessionState(queryClient);
      },
    });
  }, [queryClient]);

  useEffect(() => {
    // Logging in or out in another tab or sub-site shows here within one interval.
    const timer = window.setInterval(() => {
      const csrf = liveSessionCsrf();
      if (csrf === sessionCsrf.current) return;
      const present = csrf !== undefined;
      sessionCsrf.current = csrf;
      setHadCookie(present);
      if (present) void queryClient.invalidateQueries({ queryKey: userQueryKey });
      else void clearSessionState(queryClient);
    }, tokenWatchIntervalMs);
    return () => window.clearInterval(timer);
  }, [queryClient]);

  const login = useCallback(
    async (username: string, password: string) => {
      await api.post('api/auth/customer/login', { username, password }, { expectUnauthenticated: true });
      sessionCsrf.current = liveSessionCsrf();
      setHadCookie(true);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await queryClient.refetchQueries({ queryKey: userQueryKey });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('api/auth/logout', undefined, { expectUnauthenticated: true });
    } finally {
      sessionCsrf.current = undefined;
      setHadCookie(false);
      await clearSessionState(queryClient);
    }
  }, [queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: userQueryKey });
  }, [queryClient]);

  const user = hadCookie ? (userQuery.data ?? null) : null;
  const value = useMemo<Session>(
    () => ({ user, isLoggedIn: user !== null, isLoading: userQuery.isPending, login, logout, refresh }),
    [user, userQuery.isPending, login, logout, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
