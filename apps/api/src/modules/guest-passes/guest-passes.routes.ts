import { zErrorResponse } from '@leisure/contract/errors';
import {
  zCreateGuestPassRequest,
  zGuestPassAllowancesResponse,
  zGuestPassListQuery,
  zGuestPassListResponse,
  zGuestPassPathParams,
  zGuestPassResponse,
  zMemberPackagesResponse,
  zRedeemGuestPassRequest,
  zRedeemGuestPassResponse,
  zUserPathParams,
} from '@leisure/contract/guest-passes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import {
  assertGuestPassesEnabled,
  assertOwnUser,
  getGuestPass,
  listGuestPassAllowances,
  listGuestPasses,
  listMemberPackages,
  redeemGuestPass,
  sendGuestPass,
} from './guest-passes.service';

export interface GuestPassesRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const common = {
  401: zErrorResponse.describe('No valid session.'),
  403: zErrorResponse.describe(
    "The `userId` is not the signed-in customer's, or online guest passes are turned off for the operator.",
  ),
};

/**
 * The send body is `{data: {...}}`; its field messages are keyed by the field's own wire name
 * (`guest_name`, not `data.guest_name`), as the form shows them.
 */
function sendFieldErrors(body: unknown): FieldErrors {
  const parsed = zCreateGuestPassRequest.safeParse(body);
  const errors: FieldErrors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path[0] === 'data' ? issue.path.slice(1) : issue.path;
    const key = path.map(String).join('.') || 'data';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** Guest passes and packages (my-account.md 2.5, 3, 7). */
export const guestPassesRoutes: FastifyPluginAsyncZod<GuestPassesRoutesOptions> = async (
  app,
  { db, config, mailer },
) => {
  const deps = { db, config, mailer };

  app.get(
    '/v1/users/:userId/guestPasses',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Guest passes the member has sent',
        description:
          'Newest first, `per_page` (default 10) a page from `page` 1. `meta.pagination` counts every pass the ' +
          "member sent. Status is `issued`, `redeemed` or `expired`; dates are the venue's local dates.",
        security,
        params: zUserPathParams,
        querystring: zGuestPassListQuery,
        response: { 200: zGuestPassListResponse, ...common, 422: zErrorResponse.describe('A bad page.') },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      const { page, per_page } = request.query;
      return listGuestPasses(deps, auth, request.params.userId, page, per_page);
    },
  );

  app.get(
    '/v1/users/:userId/guestPasses/allowances',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: "The member's guest pass allowances",
        description:
          'One per guest-pass benefit of each active membership (uses left in the current period, which ' +
          'ends at `expires_at`; venues: the places the membership type gives access to), then one per ' +
          'unexpired package that holds guest passes.',
        security,
        params: zUserPathParams,
        response: { 200: zGuestPassAllowancesResponse, ...common },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await listGuestPassAllowances(deps, auth, request.params.userId) };
    },
  );

  app.get(
    '/v1/users/:userId/guestPasses/:guestPassId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'One guest pass the member sent',
        security,
        params: zGuestPassPathParams,
        response: {
          200: zGuestPassResponse,
          ...common,
          404: zErrorResponse.describe('No pass of this member has this id.'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await getGuestPass(deps, auth, request.params.userId, request.params.guestPassId) };
    },
  );

  app.post(
    '/v1/users/:userId/guestPasses',
    {
      config: { access: 'signed-in' },
      attachValidation: true,
      schema: {
        tags: ['my-account'],
        summary: 'Send a guest pass',
        description:
          'Uses one guest pass of the first allowance that covers the venue and has a use left (benefits ' +
          'before packages, soonest-lapsing first), taken in the same transaction as the pass. The pass is ' +
          'valid at that venue from today for 7 days; the guest is emailed its code and a QR code.',
        security,
        params: zUserPathParams,
        body: zCreateGuestPassRequest,
        response: {
          201: zGuestPassResponse,
          ...common,
          419: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token`.'),
          422: zErrorResponse.describe(
            'Field messages under `guest_name`, `guest_email`, `venue_id`; `venue_id` also when no allowance ' +
              'covers the venue or none has a use left. Nothing is sent or used.',
          ),
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      if (request.validationError) {
        // Ownership before input: another member's id is a 403 whatever the body holds.
        assertOwnUser(auth, Number(request.params?.userId));
        await assertGuestPassesEnabled(db, config);
        const errors = sendFieldErrors(request.body);
        throw AppError.validation(
          Object.keys(errors).length ? errors : { body: [request.validationError.message] },
        );
      }
      const body = request.body as z.output<typeof zCreateGuestPassRequest>;
      const pass = await sendGuestPass(deps, auth, request.params.userId, body.data);
      return reply.status(201).send({ data: pass });
    },
  );

  app.post(
    '/staff/guest-passes/redeem',
    {
      config: { access: 'staff:guest-passes.redeem' },
      schema: {
        tags: ['front-of-house'],
        summary: 'Redeem a guest pass at reception',
        description:
          'Staff only. Redeems the pass with this code once, at the venue it was sent for, on a day within its ' +
          'dates. A second redemption (also two at once) is refused.',
        security,
        body: zRedeemGuestPassRequest,
        response: {
          200: zRedeemGuestPassResponse,
          401: zErrorResponse.describe('No valid session.'),
          403: zErrorResponse.describe('Not a staff user.'),
          404: zErrorResponse.describe('No pass has this code.'),
          419: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token`.'),
          422: zErrorResponse.describe(
            '`code`: already redeemed, expired or not valid yet; `venue_id`: not valid at this venue.',
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await redeemGuestPass(db, auth.user, request.body) };
    },
  );

  app.get(
    '/my-account/user/packages',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: "The member's packages",
        description:
          'Packages the member owns with their uses left (and guest passes, when the package has them), the ' +
          'venues they are valid at (empty: every venue) and expiry; live ones first.',
        security,
        response: { 200: zMemberPackagesResponse, 401: common[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await listMemberPackages(db, auth) };
    },
  );
};
