import type { RouteObject } from 'react-router';
import { comingSoon } from '../route-helpers';

/** Child routes of the account layout (my-account.md 2.1). */
export const membershipsRoutes: RouteObject[] = [
  { path: 'memberships', element: comingSoon('nav.memberships'), handle: { crumb: 'Memberships' } },
];
