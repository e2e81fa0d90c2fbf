import type { RouteObject, UIMatch } from 'react-router';
import { bookableDatesCall } from '../../features/activities/api/get-bookable-dates';
import { categoryCall } from '../../features/activities/api/get-category';
import { venueCategoriesCall } from '../../features/activities/api/get-venue-categories';
import { venuesCall } from '../../features/activities/api/get-venues';
import {
  CategoryCrumb,
  CategoryTrail,
  DateCrumb,
  VenueCrumb,
} from '../../features/activities/components/crumbs';
import { VenueScope } from '../../features/activities/components/venue-scope';
import { lazyWithTimeout } from '../../shared/app/lazy';
import { firstCalls } from '../../shared/app/page-routes';

const HomePage = lazyWithTimeout(() => import('./screens/home-page'), 'HomePage');
const RedirectToSelectedVenuePage = lazyWithTimeout(
  () => import('./screens/redirect-to-selected-venue-page'),
  'RedirectToSelectedVenuePage',
);
const VenuePage = lazyWithTimeout(() => import('./screens/venue-page'), 'VenuePage');
const CategoryPage = lazyWithTimeout(() => import('./screens/category-page'), 'CategoryPage');
const ByTimePage = lazyWithTimeout(() => import('./screens/by-time-page'), 'ByTimePage');
const SlotPage = lazyWithTimeout(() => import('./screens/booking-modal-pages'), 'SlotPage');
const ClassPage = lazyWithTimeout(() => import('./screens/booking-modal-pages'), 'ClassPage');
const BasketPage = lazyWithTimeout(() => import('./screens/basket-page'), 'BasketPage');
const CheckoutPage = lazyWithTimeout(() => import('./screens/checkout-page'), 'CheckoutPage');
const BookingConfirmedPage = lazyWithTimeout(
  () => import('./screens/booking-confirmed-page'),
  'BookingConfirmedPage',
);

const param = (match: UIMatch, name: string) => match.params[name] ?? '';

/**
 * The bookings sub-site at '/' (bookings-api.md "Pages"). Every screen is its own chunk; the slot
 * and class pages are modals over the day's list, as child routes so that they deep-link. A
 * screen's first calls are declared on its route (the page the server sends preloads them).
 */
export const bookingsRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: firstCalls({ params: [], calls: () => [venuesCall] }) },
  { path: 'redirect-to-selected-venue', element: <RedirectToSelectedVenuePage /> },
  {
    path: 'location/:venue',
    element: <VenueScope />,
    handle: { crumb: (match: UIMatch) => <VenueCrumb venue={param(match, 'venue')} /> },
    children: [
      {
        index: true,
        element: <VenuePage />,
        handle: firstCalls({
          params: ['venue'],
          calls: ({ venue }) => [venuesCall, venueCategoriesCall(venue)],
        }),
      },
      {
        path: ':slug',
        handle: {
          crumb: (match: UIMatch) => (
            <CategoryCrumb venue={param(match, 'venue')} slug={param(match, 'slug')} />
          ),
          // The categories above it: Home / venue / Racquet Sports / Badminton / Badminton 40min.
          trail: (match: UIMatch) => (
            <CategoryTrail venue={param(match, 'venue')} slug={param(match, 'slug')} />
          ),
        },
        children: [
          { index: true, element: <CategoryPage /> },
          {
            path: ':date/by-time',
            element: <ByTimePage />,
            handle: {
              crumb: (match: UIMatch) => <DateCrumb date={param(match, 'date')} />,
              ...firstCalls({
                params: ['venue', 'slug'],
                calls: ({ venue, slug }) => [
                  venuesCall,
                  categoryCall(venue, slug),
                  bookableDatesCall(venue, slug),
                ],
              }),
            },
            children: [
              { path: 'slot/:times/:compositeKey', element: <SlotPage /> },
              { path: 'class/:id', element: <ClassPage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: 'basket', element: <BasketPage />, handle: { crumb: 'bookings:basket.title' } },
  { path: 'basket/checkout', element: <CheckoutPage />, handle: { crumb: 'bookings:checkout.title' } },
  {
    path: 'booking-confirmed/:orderId',
    element: <BookingConfirmedPage />,
    handle: { crumb: 'bookings:confirmed.crumb' },
  },
];
