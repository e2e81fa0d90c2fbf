import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../shared/app/lazy';
import type { KioskIdleHandle } from '../../shared/layout/kiosk-idle';

/** The joining form prompts to start over and clears itself when a kiosk goes idle (my-account.md 2.12). */
const ownsKioskIdle: KioskIdleHandle = { ownsKioskIdle: true };

const JoiningPage = lazyWithTimeout(() => import('./screens/joining-page'), 'JoiningPage');
const KioskJoiningPage = lazyWithTimeout(() => import('./screens/joining-page'), 'KioskJoiningPage');

/**
 * The joining sub-site at '/join' (joining-and-payments.md 2). The centre page and the membership
 * deep link are one route, so choosing a membership (which moves to the deep link) keeps the flow.
 */
export const joiningRoutes: RouteObject[] = [
  { index: true, element: <JoiningPage />, handle: ownsKioskIdle },
  {
    path: 'centre/:centreSlug/membership?/:membershipSlug?/:paymentType?',
    element: <JoiningPage />,
    handle: { crumb: 'flow:joining.title', ...ownsKioskIdle },
  },
  { path: 'kiosk', element: <KioskJoiningPage />, handle: ownsKioskIdle },
];
