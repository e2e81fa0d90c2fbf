import type { RouteObject } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { screen } from '../route-helpers';

const ChangeMembershipScreen = lazyWithTimeout(
  () => import('../screens/change-membership-screen'),
  'ChangeMembershipScreen',
);

/** Child routes of the account layout (my-account.md 2.1): change and renew share one screen. */
export const membershipChangeRoutes: RouteObject[] = [
  {
    path: 'memberships/change/:membershipId',
    element: screen(ChangeMembershipScreen),
    handle: { crumb: 'Change membership' },
  },
  {
    path: 'memberships/renew/:membershipId/:selectedMembershipSlug/:selectedPaymentType',
    element: screen(ChangeMembershipScreen),
    handle: { crumb: 'Renew membership' },
  },
];
