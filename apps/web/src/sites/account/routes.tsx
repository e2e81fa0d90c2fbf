import type { RouteObject } from 'react-router';
import { RequireAnonymous, RequireAuth } from '../../shared/session/route-guards';
import { ComingSoon } from './screens/coming-soon';
import { LoginScreen } from './screens/login-screen';

export const accountRoutes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <RequireAnonymous>
        <LoginScreen />
      </RequireAnonymous>
    ),
  },
  {
    path: '/',
    element: (
      <RequireAuth>
        <ComingSoon title="Account dashboard" />
      </RequireAuth>
    ),
  },
];
