import { Suspense } from 'react';
import { lazyWithTimeout } from '../../../../shared/app/lazy';
import type { AdminArea } from '../../area';

const ActivityListScreen = lazyWithTimeout(() => import('./activity-list-screen'), 'ActivityListScreen');
const ActivityFormScreen = lazyWithTimeout(() => import('./activity-form-screen'), 'ActivityFormScreen');
const PricesScreen = lazyWithTimeout(() => import('./prices-screen'), 'PricesScreen');
const CategoriesScreen = lazyWithTimeout(() => import('./categories-screen'), 'CategoriesScreen');
const LocationsScreen = lazyWithTimeout(() => import('./locations-screen'), 'LocationsScreen');

/** The console's Activities area (issue 47): activities and their release rule, categories, locations, prices. */
export const activitiesArea: AdminArea = {
  path: 'activities',
  label: 'Activities',
  permission: 'activities.manage',
  routes: [
    { index: true, element: <ActivityListScreen /> },
    { path: 'new', element: <ActivityFormScreen /> },
    { path: 'categories', element: <CategoriesScreen /> },
    { path: 'locations', element: <LocationsScreen /> },
    { path: ':id', element: <ActivityFormScreen /> },
    { path: ':id/prices', element: <PricesScreen /> },
  ].map((route) => ({ ...route, element: <Suspense fallback={null}>{route.element}</Suspense> })),
};
