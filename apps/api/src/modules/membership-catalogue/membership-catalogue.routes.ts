import {
  zMembershipTypesQuery,
  zMembershipTypesResponse,
  zPaymentOptionPriceParams,
  zPaymentOptionPriceQuery,
  zPaymentOptionPriceResponse,
} from '@leisure/contract/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors, tags } from '../../lib/online-joining-openapi';
import { currentAuth } from '../session/session';
import { listMembershipTypes, pricePaymentOption } from './membership-catalogue.service';

export interface MembershipCatalogueRoutesOptions {
  db: Database;
  config: Config;
}

/** The membership catalogue of online joining: types sold at a venue and a payment option's price (issue 4). */
export const membershipCatalogueRoutes: FastifyPluginAsyncZod<MembershipCatalogueRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.get(
    '/memberships/types',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Membership types sold at a venue',
        description:
          'Types that can be bought with `venue_id` as the home centre, with categories, coverage, ' +
          'description (HTML: sanitise before rendering), eligibility, benefits, access and payment ' +
          "options. `is_purchasable` reflects the signed-in customer's eligibility and live memberships; " +
          'anonymous visitors can purchase everything (eligibility is checked on submit).',
        querystring: zMembershipTypesQuery,
        response: { 200: zMembershipTypesResponse, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => ({
      data: await listMembershipTypes(deps, await currentAuth(db, config, request), request.query.venue_id),
    }),
  );

  app.get(
    '/memberships/types/:typeId/payment-options/:optionId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The cost breakdown of a payment option',
        description:
          'Joining fee, pro-rata (start date up to the next billing day, in days), month in hand, ' +
          'discount and the total to pay now, in minor units and formatted; the first billing date. ' +
          '`start_date` defaults to today (today to one month ahead); `billing_day` 1-28 (ignored for ' +
          "customers who already have a billing date). 422 'Could not calculate price.' with the reason " +
          'under the field and `incalculablePrice`.',
        params: zPaymentOptionPriceParams,
        querystring: zPaymentOptionPriceQuery,
        response: { 200: zPaymentOptionPriceResponse, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => ({
      data: await pricePaymentOption(
        deps,
        await currentAuth(db, config, request),
        request.params.typeId,
        request.params.optionId,
        request.query,
      ),
    }),
  );
};
