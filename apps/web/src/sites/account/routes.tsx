import { type ComponentType, type ReactNode, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';
import { RequireAnonymous, RequireAuth } from '../../shared/session/route-guards';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { LogOutBoundary } from './log-out';

/**
 * Every screen is its own chunk (with the spec's chunk timeout), so the first load carries only
 * the shell and the guards. The crumb texts are what the shell's breadcrumbs show (my-account.md
 * 2.1, breadcrumb routes).
 */
function screen(Screen: ComponentType): ReactNode {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

const LoginScreen = lazyWithTimeout(() => import('./screens/login-screen'), 'LoginScreen');
const RegisterScreen = lazyWithTimeout(() => import('./screens/register-screen'), 'RegisterScreen');
const PasswordResetScreen = lazyWithTimeout(
  () => import('./screens/password-reset-screen'),
  'PasswordResetScreen',
);
const AccountLayout = lazyWithTimeout(() => import('./account-layout'), 'AccountLayout');
const DashboardScreen = lazyWithTimeout(() => import('./screens/dashboard-screen'), 'DashboardScreen');
const UserDetailsScreen = lazyWithTimeout(() => import('./screens/user-details-screen'), 'UserDetailsScreen');
const ComingSoon = lazyWithTimeout(() => import('./screens/coming-soon'), 'ComingSoon');

function comingSoon(titleKey: string): ReactNode {
  return (
    <Suspense fallback={<PageSpinner />}>
      <ComingSoon titleKey={titleKey} />
    </Suspense>
  );
}

export const accountRoutes: RouteObject[] = [
  { path: '/login', element: <RequireAnonymous>{screen(LoginScreen)}</RequireAnonymous> },
  { path: '/register', element: <RequireAnonymous>{screen(RegisterScreen)}</RequireAnonymous> },
  {
    path: '/password-reset/:token',
    element: <RequireAnonymous>{screen(PasswordResetScreen)}</RequireAnonymous>,
  },
  {
    path: '/',
    element: (
      <LogOutBoundary>
        <RequireAuth>{screen(AccountLayout)}</RequireAuth>
      </LogOutBoundary>
    ),
    handle: { crumb: 'Account' },
    children: [
      { index: true, element: screen(DashboardScreen) },
      { path: 'user-details', element: screen(UserDetailsScreen), handle: { crumb: 'My details' } },
      { path: 'memberships', element: comingSoon('nav.memberships'), handle: { crumb: 'Memberships' } },
      { path: 'packages', element: comingSoon('nav.packages'), handle: { crumb: 'Packages' } },
      { path: 'bookings/:filter?', element: comingSoon('nav.bookings'), handle: { crumb: 'Bookings' } },
      { path: 'payments', element: comingSoon('nav.payments'), handle: { crumb: 'Payments' } },
      { path: 'guest-passes', element: comingSoon('nav.guestPasses'), handle: { crumb: 'Guest passes' } },
    ],
  },
];
