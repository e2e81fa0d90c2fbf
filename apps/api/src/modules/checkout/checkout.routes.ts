import {
  zCheckoutCompleteRequest,
  zCheckoutPrepareResponse,
  zCheckoutQuery,
  zOrderParams,
  zOrderResponse,
} from '@leisure/contract/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actingNote, checkoutAnswers, errors, security } from '../../lib/basket-openapi';
import type { HoldKeeper } from '../basket/holds.service';
import { actingOf } from '../session/acting';
import { requireAuth } from '../session/session';
import { presentOrder, presentPreparation } from './checkout.presenters';
import {
  checkoutDepsOf,
  completeCheckout,
  forRequest,
  getOrder,
  getOrderCalendar,
  prepareCheckout,
} from './checkout.service';

export interface CheckoutRoutesOptions {
  db: Database;
  config: Config;
  holds: HoldKeeper;
}

/**
 * Checkout: what the page needs to take a payment, paying for the basket and booking it, and the
 * order it makes (shell-session-basket.md 4; docs/decisions/007). Front of house pays with offline
 * tenders through `checkout/pay` (modules/front-of-house).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { db, config, holds },
) => {
  const deps = checkoutDepsOf(app, { db, config, holds });

  app.get(
    '/checkout/prepare',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['checkout'],
        summary: 'What the checkout page needs to take a payment',
        description:
          `${actingNote} \`payment_provider\` at the top level; under \`data\` the amount to pay after ` +
          "credit, the provider's card frame (`frame_url`, `frame_origin`) and the saved card, if any.",
        security,
        querystring: zCheckoutQuery,
        response: {
          200: zCheckoutPrepareResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: errors.notFound,
          422: errors.invalid,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const who = await actingOf(deps, request, request.query.selected_user_id);
      return presentPreparation(await prepareCheckout(forRequest(deps, request), who));
    },
  );

  app.post(
    '/checkout/complete',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['checkout'],
        summary: 'Pay for the basket and book it',
        description:
          `${actingNote} Checks \`item_hash\` (409 when the basket changed), the checkout terms, the ` +
          "attendees' waivers and the credit, then charges the card once (`card.token` from the provider's " +
          'frame, or `saved_card: true`), books every place and answers the order id. A zero balance ' +
          '(free, or paid by credit) needs no card. Idempotent: a repeated or concurrent submission answers ' +
          "the same `complete_order_id` (or 409 while the first is still paying). A declined card answers 422 with the provider's " +
          'message; nothing is booked and the places stay held.',
        security,
        body: zCheckoutCompleteRequest,
        response: checkoutAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.body.selected_user_id);
      return {
        complete_order_id: await completeCheckout(forRequest(deps, request), who, request.body, 'online'),
      };
    },
  );

  // The same order under the original platform's bookings path, which booking tools read.
  for (const [path, tag] of [
    ['/my-account/orders/:orderId', 'my-account'],
    ['/activities/orders/:orderId', 'checkout'],
  ] as const) {
    app.get(
      path,
      {
        config: { access: 'signed-in' },
        schema: {
          tags: [tag],
          summary: 'An order (the booking-confirmed page)',
          description:
            "The customer's own order, or any for staff: reference, items, total, payments. 404 otherwise.",
          security,
          params: zOrderParams,
          response: { 200: zOrderResponse, 401: errors.unauthenticated, 404: errors.notFound },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const auth = await requireAuth(db, config, request);
        return { data: presentOrder(await getOrder(deps, auth, request.params.orderId)) };
      },
    );
  }

  app.get(
    '/my-account/orders/:orderId/calendar.ics',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: "An order's sessions as an iCalendar file (add to calendar)",
        security,
        params: zOrderParams,
        response: {
          200: z.string().describe('text/calendar'),
          401: errors.unauthenticated,
          404: errors.notFound,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const ics = await getOrderCalendar(deps, auth, request.params.orderId);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="order-${request.params.orderId}.ics"`)
        .header('cache-control', 'no-store')
        .serializer(() => ics)
        .send(ics);
    },
  );
};
