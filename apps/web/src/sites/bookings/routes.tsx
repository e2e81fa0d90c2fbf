import { Navigate, type RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';

const HomePage = lazyWithTimeout(() => import('./screens/home-page'), 'HomePage');
const BasketPage = lazyWithTimeout(() => import('./screens/basket-page'), 'BasketPage');

/** The bookings sub-site at '/'. The timetable and checkout come with the bookings API. */
export const bookingsRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'location/:slug', element: <HomePage />, handle: { crumb: 'bookings:home.title' } },
  // Until venue pages exist, the selected venue's bookings are the home page.
  { path: 'redirect-to-selected-venue', element: <Navigate to="/" replace /> },
  { path: 'basket', element: <BasketPage />, handle: { crumb: 'bookings:basket.title' } },
];
