import type { RouteObject, UIMatch } from 'react-router';
import { WaiverCrumb } from '../../../features/waivers/components/waiver-crumb';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { screen } from '../route-helpers';

const WaiversScreen = lazyWithTimeout(() => import('../screens/waiver-screen'), 'WaiversScreen');
const WaiverScreen = lazyWithTimeout(() => import('../screens/waiver-screen'), 'WaiverScreen');

/**
 * Child routes of the account layout (my-account.md 2.1): the waivers under My details. The
 * 'user-details' parent here has no screen of its own (the index route in routes.tsx, defined
 * first, keeps /user-details); it only adds the 'My details' crumb above the waiver crumbs.
 */
export const detailsRoutes: RouteObject[] = [
  {
    path: 'user-details',
    handle: { crumb: 'My details' },
    children: [
      {
        path: 'waivers',
        handle: { crumb: 'Waivers' },
        children: [
          { index: true, element: screen(WaiversScreen) },
          {
            path: ':slug',
            element: screen(WaiverScreen),
            handle: {
              crumb: (match: UIMatch) => <WaiverCrumb slug={match.params.slug ?? ''} />,
            },
          },
        ],
      },
    ],
  },
];
