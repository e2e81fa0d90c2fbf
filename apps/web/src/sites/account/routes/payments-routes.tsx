import type { RouteObject } from 'react-router';
import { comingSoon } from '../route-helpers';

/** Child routes of the account layout (my-account.md 2.1). */
export const paymentsRoutes: RouteObject[] = [
  { path: 'payments', element: comingSoon('nav.payments'), handle: { crumb: 'Payments' } },
];
