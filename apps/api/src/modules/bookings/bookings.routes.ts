import {
  zActivityBookingsQuery,
  zBookingBundleResponse,
  zBookingParams,
  zBookingsV2Response,
  zBundleParams,
  zBundleQuery,
  zCancelBookingsRequest,
  zCancelBookingsResponse,
  zCancelBookingV2Response,
  zCancelBundleResponse,
  zCancelV2Query,
  zLeaveWaitlistResponse,
  zMyBookingsQuery,
  zMyBookingsResponse,
  zMyWaitlistResponse,
  zWaitlistEntryParams,
} from '@leisure/contract/bookings';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { sendEncodedJson } from '../../lib/encoded-json';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import {
  cancelBookingBundle,
  cancelBookings,
  cancelBookingV2,
  getBookingBundle,
  leaveMyWaitlist,
  listActivityBookings,
  listMyBookings,
  listMyWaitlist,
  type MyBookingsDeps,
  myBookingsJson,
} from './bookings.service';

export interface MyBookingsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const tags = ['my-account'];
const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const errors = {
  401: zErrorResponse.describe('No valid session.'),
  403: zErrorResponse.describe("Someone else's bookings (`user_id` is not the signed-in customer)."),
  404: zErrorResponse.describe("No such booking of the signed-in customer (someone else's answers 404 too)."),
  409: zErrorResponse.describe('Another change of the same booking held its lock too long: try again.'),
  419: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
};
const cancelNote =
  'Cancelling before the activity cut-off releases the places (offered to the waitlist first) and, for a ' +
  'booking paid with money or credit on an activity that awards credit, adds what was paid to the general ' +
  'account credit in the same transaction. Free and benefit bookings give none. A second cancel of the same ' +
  'booking (even at the same moment) answers 422 and gives nothing.';

/** Bookings, waitlist and course bookings in my account (my-account.md 2.3, 2.4). */
export const bookingsRoutes: FastifyPluginAsyncZod<MyBookingsRoutesOptions> = async (app, { db, config }) => {
  const deps: MyBookingsDeps = { db, config, holds: app.holdKeeper, log: app.log };

  app.get(
    '/my-account/bookings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The customer's bookings",
        description:
          '`filter=future`: sessions from now, soonest first; `past`: started sessions, latest first; `all`: ' +
          'both, upcoming first. Only live ' +
          "(not cancelled) bookings. `can_be_cancelled` follows the activity's cancellation cut-off; a course's " +
          'sessions are cancelled together from the course booking.',
        security,
        querystring: zMyBookingsQuery,
        response: {
          200: zMyBookingsResponse,
          401: errors[401],
          422: zErrorResponse.describe('Unknown filter.'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      const filter = request.query.filter;
      if (filter !== 'all') {
        // Validated and encoded when it was built (possibly by an earlier call): sent as it is.
        const body = await myBookingsJson(db, auth.user.id, filter, (data) =>
          JSON.stringify(zMyBookingsResponse.parse({ data })),
        );
        return sendEncodedJson(request, reply, body);
      }
      return { data: await listMyBookings(db, auth.user.id, request.query.filter) };
    },
  );

  app.get(
    '/v1/activities/bookings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The customer's bookings (activities API)",
        description:
          'Send `starts_after` (upcoming, soonest first) or `starts_before` (historic, latest first). `user_id` ' +
          'must be the signed-in customer (403 otherwise). Answers the v2 booking shape.',
        security,
        querystring: zActivityBookingsQuery,
        response: {
          200: zBookingsV2Response,
          401: errors[401],
          403: errors[403],
          422: zErrorResponse.describe('Neither or both of `starts_after` and `starts_before`; a bad date.'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await listActivityBookings(db, auth, request.query) };
    },
  );

  app.patch(
    '/v1/activities/bookings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel bookings',
        description: `All or nothing: every id must be a live booking of the customer before its cut-off. ${cancelNote}`,
        security,
        body: zCancelBookingsRequest,
        response: {
          200: zCancelBookingsResponse,
          401: errors[401],
          404: errors[404],
          409: errors[409],
          419: errors[419],
          422: zErrorResponse.describe(
            "`booking_ids`: 'This booking can no longer be cancelled: the cancellation window has closed.', " +
              "'This booking has already been cancelled.', or a course session (cancel the course instead).",
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      const { booking_ids: ids, cancellation_source: source } = request.body.data;
      return cancelBookings(deps, auth, ids, source);
    },
  );

  app.delete(
    '/activities/bookings/:bookingId/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel a booking (v2)',
        description: `Answers the cancelled booking in the v2 shape and the credit it gave. ${cancelNote}`,
        security,
        params: zBookingParams,
        querystring: zCancelV2Query,
        response: {
          200: zCancelBookingV2Response,
          401: errors[401],
          404: errors[404],
          409: errors[409],
          419: errors[419],
          422: zErrorResponse.describe(
            '`booking`: past the cut-off, already cancelled, or a course session.',
          ),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return cancelBookingV2(deps, auth, request.params.bookingId, request.query.source);
    },
  );

  app.get(
    '/my-account/waitlist',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "The customer's waitlist entries",
        description: 'Entries still waiting or offered, on sessions that have not started, soonest first.',
        security,
        response: { 200: zMyWaitlistResponse, 401: errors[401] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await listMyWaitlist(db, auth.user.id) };
    },
  );

  app.delete(
    '/my-account/waitlist/:waitlistId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Leave a waitlist',
        description:
          "The same as the basket's `DELETE activities/waitlist/{id}`: the entry becomes `cancelled`.",
        security,
        params: zWaitlistEntryParams,
        response: { 200: zLeaveWaitlistResponse, 401: errors[401], 404: errors[404], 419: errors[419] },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await leaveMyWaitlist(deps, auth, request.params.waitlistId) };
    },
  );

  app.get(
    '/v1/activities/bookings/bundles/:bookingBundleId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'A course booking',
        description:
          "The course line of one of the customer's orders with its sessions. `spots` is the places left on " +
          'sessions that have not started. `cancellation.credit` is what cancelling now would give.',
        security,
        params: zBundleParams,
        querystring: zBundleQuery,
        response: { 200: zBookingBundleResponse, 401: errors[401], 404: errors[404] },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      return { data: await getBookingBundle(db, auth, request.params.bookingBundleId) };
    },
  );

  app.patch(
    '/v1/activities/bookings/bundles/:bookingBundleId/cancel',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel a course booking',
        description:
          `Cancels every session of the course that has not started and is before its cut-off. ${cancelNote} ` +
          'Answers the course booking again and the credit given.',
        security,
        params: zBundleParams,
        querystring: zBundleQuery,
        response: {
          200: zCancelBundleResponse,
          401: errors[401],
          404: errors[404],
          409: errors[409],
          419: errors[419],
          422: zErrorResponse.describe('`booking_bundle`: already cancelled, or no session left to cancel.'),
        },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return cancelBookingBundle(
        deps,
        auth,
        request.params.bookingBundleId,
        request.query.cancellation_source ?? 'my-account',
      );
    },
  );
};
