import { zErrorResponse } from '@leisure/contract/errors';
import {
  zChangeCostsParams,
  zChangeCostsQuery,
  zChangeCostsResponse,
  zChangeMembershipRequest,
  zChangeMembershipResponse,
  zChangeOptionsResponse,
  zMembershipChangeParams,
  zRenewalDetailsResponse,
  zRenewResponse,
} from '@leisure/contract/membership-lifecycle';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { activateOrderedMemberships } from './activation.service';
import { changeMembership, getChangeCosts, getChangeOptions } from './change.service';
import { getRenewalDetails, renewMembership } from './renewal.service';

export interface MembershipLifecycleRoutesOptions {
  db: Database;
  config: Config;
}

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const notFound = zErrorResponse.describe(
  'No such membership of yours (other members’ memberships are not found).',
);
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);

/**
 * A membership's life after joining: activation once its first payment is in (docs/decisions/010),
 * renewal and change (my-account.md 2.6; joining-and-payments.md "Change costs").
 */
export const membershipLifecycleRoutes: FastifyPluginAsyncZod<MembershipLifecycleRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.events.on('order.completed', ({ orderId, membershipIds }) =>
    activateOrderedMemberships(
      { db, config, directDebitProvider: app.directDebitProvider, mailer: app.mailer, log: app.log },
      orderId,
      membershipIds,
    ),
  );

  app.get(
    '/memberships/:membershipId/renew',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Renewal details',
        description:
          'The spec leaves this path unshown; we chose it. The renewal of a single payment membership: the same ' +
          'type and option, starting the day after the current one ends, with its price, joining fee, benefits ' +
          'and total, and `can_renew` with `renew_forbid_reason` (renewal opens in the last 31 days).',
        security,
        params: zMembershipChangeParams,
        response: { 200: zRenewalDetailsResponse, 401: unauthenticated, 404: notFound },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await getRenewalDetails(deps, auth, request.params.membershipId) };
    },
  );

  app.post(
    '/memberships/:membershipId/renew',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Add the renewal to the basket',
        description:
          'A draft membership starting the day after this one ends goes in the basket (a second call replaces ' +
          'the unpaid first one; removing the line, clearing the basket or the line running out deletes it). ' +
          "It becomes the member's membership, active, once checked out; until then this one is untouched.",
        security,
        params: zMembershipChangeParams,
        response: {
          200: zRenewResponse,
          401: unauthenticated,
          404: notFound,
          409: zErrorResponse.describe('The basket is being checked out.'),
          419: csrf,
          422: zErrorResponse.describe('Under `membership`: why it cannot be renewed now.'),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await renewMembership(deps, auth, request.params.membershipId) };
    },
  );

  const cannotChange = zErrorResponse.describe(
    'This membership cannot be changed now; the message says why.',
  );

  app.get(
    '/memberships/:membershipId/change',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'What a membership may change to',
        description:
          'The membership types and payment options sold at the member’s home centre (the current option is not ' +
          'purchasable), and the start-date limits `starts_at.min` / `starts_at.max`.',
        security,
        params: zMembershipChangeParams,
        response: { 200: zChangeOptionsResponse, 401: unauthenticated, 403: cannotChange, 404: notFound },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await getChangeOptions(deps, auth, request.params.membershipId) };
    },
  );

  app.get(
    '/memberships/:membershipId/change/:paymentOptionId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Change costs',
        description:
          'What changing to this payment option from `startsAt` (YYYY-MM-DD, default the earliest) costs now ' +
          '(docs/decisions/019: no joining fee; `total_due_now` = month in hand + fees + the difference to the ' +
          'current membership for the period it has paid, when positive, else `account_credit`), the new price, ' +
          'the first direct debit and the current membership’s last day.',
        security,
        params: zChangeCostsParams,
        querystring: zChangeCostsQuery,
        response: {
          200: zChangeCostsResponse,
          401: unauthenticated,
          403: cannotChange,
          404: notFound,
          422: zErrorResponse.describe('Under `payment_option_id` or `starts_at`.'),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      const { membershipId, paymentOptionId } = request.params;
      return {
        data: await getChangeCosts(
          deps,
          auth,
          membershipId,
          paymentOptionId,
          request.query.startsAt,
          new Date(),
          request.query.billing_day,
        ),
      };
    },
  );

  app.post(
    '/memberships/:membershipId/change',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Change a membership',
        description:
          'Puts the new membership in the basket as a draft (`cart_item_id`; the member then checks out at ' +
          '/basket/checkout); the draft goes if the line leaves the basket unpaid. ' +
          '`order_id` is for a change with nothing to pay; today every change goes through the basket, which ' +
          'completes a zero total without a card. Once paid, the old membership ends the day before the new one ' +
          'starts and the direct debit instruction carries on.',
        security,
        params: zMembershipChangeParams,
        body: zChangeMembershipRequest,
        response: {
          200: zChangeMembershipResponse,
          401: unauthenticated,
          403: cannotChange,
          404: notFound,
          409: zErrorResponse.describe('The basket is being checked out.'),
          419: csrf,
          422: zErrorResponse.describe(
            'Under `starts_at`, `payment_option_id`, `billing_day`, `direct_debit.token`.',
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await changeMembership(deps, auth, request.params.membershipId, request.body) };
    },
  );
};
