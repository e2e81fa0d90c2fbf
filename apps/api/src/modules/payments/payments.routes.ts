import { zErrorResponse } from '@leisure/contract/errors';
import {
  zCreditsAddedResponse,
  zCreditsSpentResponse,
  zIssueCreditRequest,
  zIssueCreditResponse,
  zIssuePenaltyRequest,
  zIssuePenaltyResponse,
  zMessageResponse,
  zOrdersQuery,
  zOrdersResponse,
  zPenaltiesResponse,
  zReceiptParams,
  zReceiptResponse,
  zSavedCardParams,
  zSavedCardResponse,
  zSavedCardsResponse,
  zSavedCardUpdateRequest,
  zStaffCustomerParams,
} from '@leisure/contract/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sendEncodedJson } from '../../lib/encoded-json';
import { listCreditsAdded, listCreditsSpent } from '../credit/credit-history';
import type { Mailer } from '../mail/mail.service';
import { listPenalties } from '../penalties/penalties.service';
import { listSavedCards, removeSavedCard, updateSavedCard } from '../saved-cards/saved-cards.service';
import { requireAuth } from '../session/session';
import { getReceipt, issueCreditAsStaff, issuePenaltyAsStaff, myOrdersPageJson } from './payments.service';

export interface PaymentsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['my-account'];
const errors = {
  unauthenticated: zErrorResponse.describe('No valid session.'),
  notFound: zErrorResponse.describe("Not the signed-in customer's (never revealed): 404."),
  csrf: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
  forbidden: zErrorResponse.describe('Not a staff user.'),
};

/** The payments area: fees, credit, saved card, orders, receipts (joining-and-payments.md). */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (app, { db, config }) => {
  const deps = { db, config };
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/my-account/user/penalties',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Unpaid fees (penalties)',
        description:
          "The signed-in customer's unpaid penalties, oldest first. Pay them by adding " +
          '`{id: <penalty id>, type: "penalty"}` items to `POST activities/cart/add` (each penalty in one ' +
          'basket line at a time) and checking out; `POST activities/cart/remove` takes them out.',
        security,
        response: { 200: zPenaltiesResponse, 401: errors.unauthenticated },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      return { data: await listPenalties(deps, auth) };
    },
  );

  app.get(
    '/credits/user',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Credit added, with the balances',
        description:
          'Credit added to the account (newest first, at most 500) and the balances of general (booking) ' +
          'and membership credit.',
        security,
        response: { 200: zCreditsAddedResponse, 401: errors.unauthenticated },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      return { data: await listCreditsAdded(deps, auth) };
    },
  );

  app.get(
    '/credits/user/credit-transactions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Credit spent',
        description: 'Credit spent (newest first, at most 500); `value.raw` is the positive amount spent.',
        security,
        response: { 200: zCreditsSpentResponse, 401: errors.unauthenticated },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      return { data: await listCreditsSpent(deps, auth) };
    },
  );

  app.get(
    '/my-account/saved-cards',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The saved card',
        description:
          'The card saved at checkout: none or one. `recently_expired` once its expiry month has passed.',
        security,
        response: { 200: zSavedCardsResponse, 401: errors.unauthenticated },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      return { data: await listSavedCards(deps, auth) };
    },
  );

  app.put(
    '/my-account/saved-cards/:id/update',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Replace the saved card's billing details",
        description:
          'Billing details only; the card itself cannot be edited. First and last name, address line 1 ' +
          "and city longer than 1 character; a UK postcode ('Please enter a valid postcode').",
        security,
        params: zSavedCardParams,
        body: zSavedCardUpdateRequest,
        response: {
          200: zSavedCardResponse,
          401: errors.unauthenticated,
          404: errors.notFound,
          419: errors.csrf,
          422: zErrorResponse.describe(
            'Field messages keyed `first_name`, `last_name`, `address_line_1`, `address_line_2`, `city`, `post_code`; nothing changed.',
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await updateSavedCard(deps, auth, request.params.id, request.body) };
    },
  );

  app.delete(
    '/my-account/saved-cards/:id/remove',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete the saved card',
        security,
        params: zSavedCardParams,
        response: {
          200: zMessageResponse,
          401: errors.unauthenticated,
          404: errors.notFound,
          419: errors.csrf,
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      await removeSavedCard(deps, auth, request.params.id);
      return { message: 'Card deleted successfully' };
    },
  );

  app.get(
    '/my-account/orders',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Order history',
        description:
          "The customer's orders, newest first, 20 a page (`page`, from 1). `from` and `to` (YYYY-MM-DD, " +
          'UK time) are inclusive; either alone is a one-sided bound. `created_at` is DD/MM/YYYY.',
        security,
        querystring: zOrdersQuery,
        response: {
          200: zOrdersResponse,
          401: errors.unauthenticated,
          422: zErrorResponse.describe('A bad date (`from`, `to`) or `from` after `to`.'),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      // Validated and encoded when it was built (possibly by an earlier call): sent as it is.
      const body = await myOrdersPageJson(deps, auth, request.query, (page) =>
        JSON.stringify(zOrdersResponse.parse(page)),
      );
      return sendEncodedJson(request, reply, body);
    },
  );

  app.get(
    '/my-account/orders/:orderId/receipt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'An order receipt (PDF)',
        description:
          "`orderId` is the order's `uuid`. Answers the PDF as base64 `contents` and a file `name`: the " +
          'operator, order reference and date, lines, payments and total.',
        security,
        params: zReceiptParams,
        response: {
          200: zReceiptResponse,
          401: errors.unauthenticated,
          404: errors.notFound,
          422: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.headers(noStore);
      return { data: await getReceipt(deps, auth, request.params.orderId) };
    },
  );

  // ---- Staff ----

  app.post(
    '/staff/customers/:userId/credits',
    {
      config: { access: 'staff:credit.issue' },
      schema: {
        tags: ['staff'],
        summary: 'Issue credit to a customer',
        description: 'Staff only. Adds general (booking) or membership credit; answers the credit entry.',
        security,
        params: zStaffCustomerParams,
        body: zIssueCreditRequest,
        response: {
          201: zIssueCreditResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: zErrorResponse.describe('No such customer.'),
          419: errors.csrf,
          422: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const entry = await issueCreditAsStaff(deps, auth, request.params.userId, request.body);
      return reply.code(201).send({ data: entry });
    },
  );

  app.post(
    '/staff/customers/:userId/penalties',
    {
      config: { access: 'staff:penalties.issue' },
      schema: {
        tags: ['staff'],
        summary: 'Charge a customer a penalty',
        description:
          'Staff only. A late-cancellation, no-show, membership-debt or other fee, optionally for one of ' +
          "the customer's bookings or memberships; unpaid until paid through the basket.",
        security,
        params: zStaffCustomerParams,
        body: zIssuePenaltyRequest,
        response: {
          201: zIssuePenaltyResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: zErrorResponse.describe('No such customer.'),
          419: errors.csrf,
          422: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const penalty = await issuePenaltyAsStaff(deps, auth, request.params.userId, request.body);
      return reply.code(201).send({ data: penalty });
    },
  );
};
