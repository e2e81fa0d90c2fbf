import { zErrorResponse } from '@leisure/contract/errors';
import {
  zChangeCostsParams,
  zChangeCostsQuery,
  zChangeCostsResponse,
  zChangeMembershipRequest,
  zChangeMembershipResponse,
  zChangeOptionsResponse,
  zFreezeIdParams,
  zFreezeTypesResponse,
  zMembershipChangeParams,
  zMembershipFreezeResponse,
  zRejectFreezeRequest,
  zRenewalDetailsResponse,
  zRenewResponse,
} from '@leisure/contract/membership-changes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth, requireStaff } from '../session/session';
import { readMultipartForm } from '../uploads/uploads.service';
import { approveFreeze, listFreezeTypes, rejectFreeze, requestFreeze } from './freezes.service';
import {
  changeMembership,
  getChangeCosts,
  getChangeOptions,
  getRenewalDetails,
  renewMembership,
} from './membership-changes.service';

export interface MembershipChangesRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: { [name: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');
const notFound = zErrorResponse.describe(
  'No such membership of yours (other members’ memberships are not found).',
);
const csrf = zErrorResponse.describe(
  'A cookie-authenticated write without the matching `x-xsrf-token` header.',
);

/** Freezing, renewing and changing a membership (my-account.md 2.6; joining-and-payments.md "Change costs"). */
export const membershipChangesRoutes: FastifyPluginAsyncZod<MembershipChangesRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.get(
    '/my-account/user/memberships/:membershipId/freezetypes',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Freeze reasons, periods and start-date limits',
        description:
          'The operator’s freeze types: reason, time periods (labels whose first word is the number of months), ' +
          'optional proof of eligibility (description, document type), and the earliest and latest start dates.',
        security,
        params: zMembershipChangeParams,
        response: { 200: zFreezeTypesResponse, 401: unauthenticated, 404: notFound },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await listFreezeTypes(deps, auth, request.params.membershipId) };
    },
  );

  app.post(
    '/my-account/user/memberships/:membershipId/freeze',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Ask to freeze a membership',
        description:
          'multipart/form-data: `freeze_type_id`, `active_from` (YYYY-MM-DD), `months`, optional `document_type`, ' +
          'and `file` (JPEG, PNG or PDF by content, at most 20,000,000 bytes; required when the freeze type asks for ' +
          'proof). The request waits for staff approval (up to 5 working days); the membership stays active until ' +
          'the freeze starts. One open freeze per membership: a second request while one is pending is refused.',
        security,
        consumes: ['multipart/form-data'],
        params: zMembershipChangeParams,
        response: {
          201: zMembershipFreezeResponse,
          401: unauthenticated,
          404: notFound,
          419: csrf,
          422: zErrorResponse.describe(
            'Under `freeze_type_id` (missing or not offered), `active_from` (missing, invalid, in the past or ' +
              'outside the type’s limits), `months` (not a period of the type), `file` (required proof, size, ' +
              "type) and `membership_id` ('Membership freeze is pending', 'Membership is not freezable').",
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const form = await readMultipartForm(request);
      const freeze = await requestFreeze(deps, auth, request.params.membershipId, form);
      return reply.status(201).send({ data: freeze });
    },
  );

  const staffResponses = {
    200: zMembershipFreezeResponse,
    401: unauthenticated,
    403: zErrorResponse.describe('Not a staff user.'),
    404: zErrorResponse.describe('No such freeze request.'),
    419: csrf,
    422: zErrorResponse.describe('Under `freeze`: already reviewed; under `reason`: missing.'),
  };

  app.post(
    '/staff/membership-freezes/:id/approve',
    {
      schema: {
        tags: ['staff'],
        summary: 'Approve a freeze request',
        description:
          'The freeze starts on its start date (the freeze job), and the membership is frozen until it ends.',
        security,
        params: zFreezeIdParams,
        response: staffResponses,
      },
    },
    async (request) => {
      const staff = await requireStaff(db, config, request);
      return { data: await approveFreeze(deps, staff, request.params.id) };
    },
  );

  app.post(
    '/staff/membership-freezes/:id/reject',
    {
      schema: {
        tags: ['staff'],
        summary: 'Reject a freeze request',
        security,
        params: zFreezeIdParams,
        body: zRejectFreezeRequest,
        response: staffResponses,
      },
    },
    async (request) => {
      const staff = await requireStaff(db, config, request);
      return { data: await rejectFreeze(deps, staff, request.params.id, request.body.reason) };
    },
  );

  app.get(
    '/memberships/:membershipId/renew',
    {
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
      schema: {
        tags: ['my-account'],
        summary: 'Add the renewal to the basket',
        description:
          'A pending membership starting the day after this one ends goes in the basket (one per membership; a ' +
          'second call replaces an unpaid first one). It becomes active once checked out.',
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
      schema: {
        tags: ['my-account'],
        summary: 'Change costs',
        description:
          'What changing to this payment option from `startsAt` (YYYY-MM-DD, default the earliest) costs now ' +
          '(`total_due_now` = month in hand + fees), the new price and the difference to the current one.',
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
        data: await getChangeCosts(deps, auth, membershipId, paymentOptionId, request.query.startsAt),
      };
    },
  );

  app.post(
    '/memberships/:membershipId/change',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Change a membership',
        description:
          'Puts the new membership in the basket (`cart_item_id`; the member then checks out at /basket/checkout). ' +
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
