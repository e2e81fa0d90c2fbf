import type { RouteObject } from 'react-router';
import { comingSoon } from '../route-helpers';

/** Child routes of the account layout (my-account.md 2.1). */
export const bookingsRoutes: RouteObject[] = [
  { path: 'bookings/:filter?', element: comingSoon('nav.bookings'), handle: { crumb: 'Bookings' } },
  {
    path: 'bookings/courses/:bookingBundleId',
    element: comingSoon('nav.bookings'),
    handle: { crumb: 'Course booking details' },
  },
];
