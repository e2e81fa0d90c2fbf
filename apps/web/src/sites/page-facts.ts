import type { SitePageFacts } from '@leisure/contract/site-pages';
import { apiCallPath } from '../shared/api/client';
import { pageRoutes } from '../shared/app/page-routes';
import { userCall } from '../shared/session/session';
import { fontFamilies } from '../shared/theme/fonts';
import { themeCall } from '../shared/theme/use-theme';
import { accountSite } from './account/site';
import { bookingsSite } from './bookings/site';
import { joiningSite } from './joining/site';

/**
 * What the page manifest is written from (apps/web/build/site-pages.ts): every route of the three
 * sub-sites with its lazy screens and declared first calls, the call every page makes first for a
 * signed-in user, the theme's calls and the family each theme font key is served as.
 */
export function sitePageFacts(): SitePageFacts {
  return {
    routes: pageRoutes([bookingsSite, accountSite, joiningSite]),
    userCalls: [apiCallPath(userCall)],
    themeCalls: {
      operator: apiCallPath(themeCall(null)),
      venue: apiCallPath(themeCall(':venue')).replace('%3Avenue', ':venue'),
    },
    fontFamilies,
  };
}
