import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { adminKey } from '../../../shared/api/admin-api';
import { configureApi } from '../../../shared/api/client';
import { signInPath } from './sign-in-path';

/**
 * The console's root: any 401 from the API (outside the sign-in calls) means the staff session has
 * ended (idle or absolute limit, disabled, signed out elsewhere): what the console read is dropped
 * and the user goes to sign-in with "Your session has ended", and back to where they were after.
 */
export function AdminRoot() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef(location);
  here.current = location;

  useEffect(() => {
    configureApi({
      onUnauthenticated: () => {
        const { pathname, search } = here.current;
        if (pathname === '/sign-in' || pathname.startsWith('/invitation/')) return;
        queryClient.removeQueries({ queryKey: adminKey('') });
        void navigate(signInPath(`${pathname}${search}`, true), { replace: true });
      },
    });
    return () => configureApi({ onUnauthenticated: undefined });
  }, [navigate, queryClient]);

  return <Outlet />;
}
