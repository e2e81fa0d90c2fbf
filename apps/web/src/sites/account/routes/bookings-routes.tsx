import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { screen } from '../route-helpers';

const BookingsScreen = lazyWithTimeout(() => import('../screens/bookings-screen'), 'BookingsScreen');
const CourseBookingScreen = lazyWithTimeout(
  () => import('../screens/course-booking-screen'),
  'CourseBookingScreen',
);

/** Child routes of the account layout (my-account.md 2.1). */
export const bookingsRoutes: RouteObject[] = [
  { path: 'bookings/:filter?', element: screen(BookingsScreen), handle: { crumb: 'Bookings' } },
  {
    path: 'bookings/courses/:bookingBundleId',
    element: screen(CourseBookingScreen),
    handle: { crumb: 'Course booking details' },
  },
];
