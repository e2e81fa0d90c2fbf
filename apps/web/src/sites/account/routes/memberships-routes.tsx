import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { screen } from '../route-helpers';

const MembershipsScreen = lazyWithTimeout(() => import('../screens/memberships-screen'), 'MembershipsScreen');

/** Child routes of the account layout (my-account.md 2.1). */
export const membershipsRoutes: RouteObject[] = [
  { path: 'memberships', element: screen(MembershipsScreen), handle: { crumb: 'Memberships' } },
];
