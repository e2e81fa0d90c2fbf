import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { screen } from '../route-helpers';

const GuestPassesScreen = lazyWithTimeout(
  () => import('../screens/guest-passes-screen'),
  'GuestPassesScreen',
);
const AvailablePassesScreen = lazyWithTimeout(
  () => import('../screens/guest-passes-screen'),
  'AvailablePassesScreen',
);
const GuestPassDetailsScreen = lazyWithTimeout(
  () => import('../screens/guest-pass-details-screen'),
  'GuestPassDetailsScreen',
);
const PackagesScreen = lazyWithTimeout(() => import('../screens/packages-screen'), 'PackagesScreen');

/** Child routes of the account layout (my-account.md 2.1). */
export const guestPassesRoutes: RouteObject[] = [
  {
    path: 'guest-passes',
    handle: { crumb: 'Guest passes' },
    children: [
      { index: true, element: screen(GuestPassesScreen) },
      {
        path: 'available-passes',
        element: screen(AvailablePassesScreen),
        handle: { crumb: 'account:guestPasses.availableTitle' },
      },
      {
        path: 'pass-details/:id',
        element: screen(GuestPassDetailsScreen),
        handle: { crumb: 'account:guestPasses.details.title' },
      },
    ],
  },
  { path: 'packages', element: screen(PackagesScreen), handle: { crumb: 'Packages' } },
];
