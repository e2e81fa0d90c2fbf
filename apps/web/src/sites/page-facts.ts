import type { SitePageFacts } from '@leisure/contract/site-pages';
import { apiCallPath } from '../shared/api/client';
import { pageRoutes } from '../shared/app/page-routes';
import { userCall } from '../shared/session/session';
import { accountSite } from './account/site';
import { bookingsSite } from './bookings/site';
import { joiningSite } from './joining/site';

/**
 * What the page manifest is written from (apps/web/build/site-pages.ts): every route of the three
 * sub-sites with its lazy screens and declared first calls, and the call every page makes first
 * for a signed-in user.
 */
export function sitePageFacts(): SitePageFacts {
  return {
    routes: pageRoutes([bookingsSite, accountSite, joiningSite]),
    userCalls: [apiCallPath(userCall)],
  };
}
