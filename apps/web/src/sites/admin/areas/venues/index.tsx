import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/app/lazy';
import type { AdminArea } from '../../area';

const VenueListScreen = lazyWithTimeout(() => import('./venue-list-screen'), 'VenueListScreen');
const VenueFormScreen = lazyWithTimeout(() => import('./venue-form-screen'), 'VenueFormScreen');

/** The console's Venues area (issue 47): the venues, adding one, a venue's details, position and hours. */
export const venuesArea: AdminArea = {
  path: 'venues',
  label: 'Venues',
  permission: 'venues.manage',
  routes: [
    { index: true, element: <VenueListScreen /> },
    { path: 'new', element: <VenueFormScreen /> },
    { path: ':id', element: <VenueFormScreen /> },
  ].map((route) => ({ ...route, element: <Suspense fallback={null}>{route.element}</Suspense> })),
};
