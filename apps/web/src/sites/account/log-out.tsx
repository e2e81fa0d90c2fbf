import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { Redirect } from '../../shared/app/server-rendered';
import { useSession } from '../../shared/session/session';
import { PageSpinner } from '../../shared/ui/page-spinner';

type LogOutState = 'idle' | 'pending' | 'done';

const LogOutContext = createContext<(() => Promise<void>) | null>(null);

/**
 * Wraps the signed-in area above its guard. Logging out from a page would otherwise let the guard
 * send the user to /login?redirect={that page}; after an explicit log out the user goes to plain
 * /login (my-account.md 2.1: 'Log out' logs out and goes to /login).
 */
export function LogOutBoundary({ children }: { children: ReactNode }) {
  const { logout } = useSession();
  const [state, setState] = useState<LogOutState>('idle');
  const logOut = useCallback(async () => {
    setState('pending');
    try {
      await logout();
    } finally {
      setState('done');
    }
  }, [logout]);

  if (state === 'done') return <Redirect to="/login" />;
  if (state === 'pending') {
    return <PageSpinner />;
  }
  return <LogOutContext.Provider value={logOut}>{children}</LogOutContext.Provider>;
}

export function useLogOut(): () => Promise<void> {
  const logOut = useContext(LogOutContext);
  if (!logOut) throw new Error('useLogOut needs a LogOutBoundary');
  return logOut;
}
