import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';

const MembershipsPage = lazyWithTimeout(() => import('./screens/memberships-page'), 'MembershipsPage');
const KioskHomePage = lazyWithTimeout(() => import('./screens/kiosk-home-page'), 'KioskHomePage');

/** The joining sub-site at '/join'. The membership flow comes with the joining work. */
export const joiningRoutes: RouteObject[] = [
  { index: true, element: <MembershipsPage /> },
  { path: 'centre/:slug', element: <MembershipsPage />, handle: { crumb: 'flow:joining.title' } },
  { path: 'kiosk', element: <KioskHomePage /> },
];
