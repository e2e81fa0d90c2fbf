import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../layout/error-pages';
import { SiteLayout } from '../layout/site-layout';
import { RouteError } from './error-boundary';

/**
 * One root layout route around a sub-site's routes: the chrome, the route errorElement, and a
 * catch-all not-found page with its breadcrumb.
 */
export function siteRoutes(routes: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: <SiteLayout />,
      errorElement: <RouteError />,
      children: [
        ...routes,
        { path: '*', element: <NotFoundPage />, handle: { crumb: 'errors.notFound.title' } },
      ],
    },
  ];
}
