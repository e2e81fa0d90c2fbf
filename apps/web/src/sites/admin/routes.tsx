import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';
import type { AdminArea } from './area';
import { adminAreas } from './areas';
import { AdminRoot } from './shell/admin-root';
import { ConsoleLoading } from './shell/console-loading';
import { RequirePermission } from './shell/require-permission';

const SignInScreen = lazyWithTimeout(() => import('./screens/sign-in-screen'), 'SignInScreen');
const InvitationScreen = lazyWithTimeout(() => import('./screens/invitation-screen'), 'InvitationScreen');
const ConsoleLayout = lazyWithTimeout(() => import('./shell/console-layout'), 'ConsoleLayout');
const HomeScreen = lazyWithTimeout(() => import('./screens/home-screen'), 'HomeScreen');
const AuditLogScreen = lazyWithTimeout(() => import('./screens/audit-log-screen'), 'AuditLogScreen');
const NotFoundScreen = lazyWithTimeout(() => import('./screens/not-found-screen'), 'NotFoundScreen');

function lazyPage(Screen: React.ComponentType) {
  return (
    <Suspense fallback={<ConsoleLoading />}>
      <Screen />
    </Suspense>
  );
}

/** An area's routes under /admin/<path>/, shown to staff whose role gives its permission. */
function areaRoute(area: AdminArea): RouteObject {
  return {
    path: area.path,
    element: <RequirePermission permission={area.permission} />,
    children: area.routes,
  };
}

/**
 * The console's routes under the basename /admin: sign-in and invitations for anyone; the rest
 * inside the console's layout, which needs a staff session that gave its second factor.
 */
export function consoleRoutes(areas: readonly AdminArea[] = adminAreas): RouteObject[] {
  return [
    {
      element: <AdminRoot />,
      children: [
        { path: 'sign-in', element: lazyPage(SignInScreen) },
        { path: 'invitation/:token', element: lazyPage(InvitationScreen) },
        {
          element: lazyPage(ConsoleLayout),
          children: [
            { index: true, element: <HomeScreen /> },
            {
              path: 'audit',
              element: <RequirePermission permission="audit.read" />,
              children: [{ index: true, element: <AuditLogScreen /> }],
            },
            ...areas.map(areaRoute),
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ];
}

export const adminRoutes = consoleRoutes();
