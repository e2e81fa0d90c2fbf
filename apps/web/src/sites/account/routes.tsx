import type { RouteObject } from 'react-router';
import { myBookingsCall } from '../../features/bookings/api/get-bookings';
import { lazyWithTimeout } from '../../shared/app/lazy';
import { firstCalls } from '../../shared/app/page-routes';
import { RequireAnonymous, RequireAuth } from '../../shared/session/route-guards';
import { LogOutBoundary } from './log-out';
import { screen } from './route-helpers';
import { bookingsRoutes } from './routes/bookings-routes';
import { detailsRoutes } from './routes/details-routes';
import { guestPassesRoutes } from './routes/guest-passes-routes';
import { membershipChangeRoutes } from './routes/membership-change-routes';
import { membershipsRoutes } from './routes/memberships-routes';
import { paymentsRoutes } from './routes/payments-routes';

const LoginScreen = lazyWithTimeout(() => import('./screens/login-screen'), 'LoginScreen');
const RegisterScreen = lazyWithTimeout(() => import('./screens/register-screen'), 'RegisterScreen');
const PasswordResetScreen = lazyWithTimeout(
  () => import('./screens/password-reset-screen'),
  'PasswordResetScreen',
);
const VerifyEmailScreen = lazyWithTimeout(() => import('./screens/verify-email-screen'), 'VerifyEmailScreen');
const AccountLayout = lazyWithTimeout(() => import('./account-layout'), 'AccountLayout');
const DashboardScreen = lazyWithTimeout(() => import('./screens/dashboard-screen'), 'DashboardScreen');
const UserDetailsScreen = lazyWithTimeout(() => import('./screens/user-details-screen'), 'UserDetailsScreen');
export const accountRoutes: RouteObject[] = [
  { path: '/login', element: <RequireAnonymous>{screen(LoginScreen)}</RequireAnonymous> },
  { path: '/register', element: <RequireAnonymous>{screen(RegisterScreen)}</RequireAnonymous> },
  {
    path: '/password-reset/:token',
    element: <RequireAnonymous>{screen(PasswordResetScreen)}</RequireAnonymous>,
  },
  // The welcome email's link: works whether or not the customer is signed in.
  { path: '/verify-email/:token', element: screen(VerifyEmailScreen) },
  {
    path: '/',
    element: (
      <LogOutBoundary>
        <RequireAuth>{screen(AccountLayout)}</RequireAuth>
      </LogOutBoundary>
    ),
    handle: { crumb: 'Account' },
    children: [
      {
        index: true,
        element: screen(DashboardScreen),
        // 'My next booking' (activities v1; with v2 the list's call names the user, known later).
        handle: firstCalls({ params: [], userCalls: () => [myBookingsCall('future')] }),
      },
      { path: 'user-details', element: screen(UserDetailsScreen), handle: { crumb: 'My details' } },
      ...detailsRoutes,
      ...membershipsRoutes,
      ...membershipChangeRoutes,
      ...bookingsRoutes,
      ...paymentsRoutes,
      ...guestPassesRoutes,
    ],
  },
];
