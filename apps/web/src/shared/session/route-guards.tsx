import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Redirect } from '../app/server-rendered';
import { PageLoading } from '../ui/page-spinner';
import { useSession } from './session';

/** A protected route: anonymous users go to /login?redirect={path}{query}. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoading />;
  if (!isLoggedIn) {
    const redirect = `${location.pathname}${location.search}`;
    return <Redirect to={`/login?redirect=${encodeURIComponent(redirect)}`} />;
  }
  return <>{children}</>;
}

/** Login, register and password reset: logged-in users go to the redirect query value, or /. */
export function RequireAnonymous({ children }: { children: ReactNode }) {
  const { isLoggedIn, isLoading } = useSession();
  const [params] = useSearchParams();
  if (isLoading) return <PageLoading />;
  if (isLoggedIn) {
    const redirect = params.get('redirect');
    // Only same-site paths: an open redirect would let a link send users anywhere.
    const target = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
    return <Redirect to={target} />;
  }
  return <>{children}</>;
}
