import type { RouteObject } from 'react-router';
import { comingSoon } from '../route-helpers';

/** Child routes of the account layout (my-account.md 2.1). */
export const guestPassesRoutes: RouteObject[] = [
  { path: 'guest-passes', element: comingSoon('nav.guestPasses'), handle: { crumb: 'Guest passes' } },
  { path: 'packages', element: comingSoon('nav.packages'), handle: { crumb: 'Packages' } },
];
