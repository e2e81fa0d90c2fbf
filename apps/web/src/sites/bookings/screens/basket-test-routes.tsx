import type { RouteObject } from 'react-router';
import { BasketPage } from './basket-page';
import { BookingConfirmedPage } from './booking-confirmed-page';
import { CheckoutPage } from './checkout-page';

/** The basket, checkout and booking-confirmed screens, without the site chrome, for component tests. */
export const basketTestRoutes: RouteObject[] = [
  { path: '/basket', element: <BasketPage /> },
  { path: '/basket/checkout', element: <CheckoutPage /> },
  { path: '/booking-confirmed/:orderId', element: <BookingConfirmedPage /> },
  { path: '/redirect-to-selected-venue', element: <p>Venue page</p> },
];
