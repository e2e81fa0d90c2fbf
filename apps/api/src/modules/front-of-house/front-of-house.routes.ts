import { zCustomerSearchQuery, zCustomerSearchResponse } from '@leisure/contract/cart';
import { zCheckoutPayRequest } from '@leisure/contract/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { checkoutAnswers, errors, security } from '../../lib/basket-openapi';
import type { HoldKeeper } from '../basket/holds.service';
import { checkoutDepsOf, completeCheckout, forRequest } from '../checkout/checkout.service';
import { actingOf } from '../session/acting';
import { presentCustomer } from './front-of-house.presenters';
import { findCustomers } from './front-of-house.service';

export interface FrontOfHouseRoutesOptions {
  db: Database;
  config: Config;
  holds: HoldKeeper;
}

/**
 * Front of house (shell-session-basket.md 7): staff find the customer they act for, and take offline
 * tenders (cash, voucher, cheque, credit) for the basket they filled for them.
 */
export const frontOfHouseRoutes: FastifyPluginAsyncZod<FrontOfHouseRoutesOptions> = async (
  app,
  { db, config, holds },
) => {
  const deps = checkoutDepsOf(app, { db, config, holds });

  app.post(
    '/checkout/pay',
    {
      config: { access: 'staff:payments.offline-tender' },
      schema: {
        tags: ['checkout'],
        summary: 'Front of house: take offline tenders for the basket',
        description:
          'For staff acting for `selected_user_id`: `payments` of cash, offline-voucher, cheque and credit ' +
          "that together cover the basket total exactly (credit at most the customer's balance). Answers " +
          'the order id, idempotently as `checkout/complete`. 403 for a customer.',
        security,
        body: zCheckoutPayRequest,
        response: checkoutAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.body.selected_user_id);
      return {
        complete_order_id: await completeCheckout(forRequest(deps, request), who, request.body, 'foh'),
      };
    },
  );

  app.get(
    '/foh/customers',
    {
      config: { access: 'staff:customers.search' },
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
      return { data: (await findCustomers(deps, request.query.q)).map(presentCustomer) };
    },
  );
};
