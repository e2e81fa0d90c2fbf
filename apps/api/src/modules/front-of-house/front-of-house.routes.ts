import { zCustomerSearchQuery, zCustomerSearchResponse } from '@leisure/contract/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors, security } from '../../lib/basket-openapi';
import { requireAuth } from '../session/session';
import { presentCustomer } from './front-of-house.presenters';
import { findCustomers } from './front-of-house.service';

export interface FrontOfHouseRoutesOptions {
  db: Database;
  config: Config;
}

/** Front of house: staff find the customer they act for (shell-session-basket.md 7). */
export const frontOfHouseRoutes: FastifyPluginAsyncZod<FrontOfHouseRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.get(
    '/foh/customers',
    {
      schema: {
        tags: ['front-of-house'],
        summary: 'Find a customer to act for',
        description:
          'Staff only (403 for customers): customers whose name, email, customer number or postcode contains `q`.',
        security,
        querystring: zCustomerSearchQuery,
        response: {
          200: zCustomerSearchResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          422: errors.invalid,
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: (await findCustomers(deps, auth, request.query.q)).map(presentCustomer) };
    },
  );
};
