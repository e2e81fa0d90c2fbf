import {
  zActingQuery,
  zWaitlistJoinRequest,
  zWaitlistParams,
  zWaitlistResponse,
} from '@leisure/contract/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actingNote, cartTags, errors, security } from '../../lib/basket-openapi';
import { actingOf } from '../session/acting';
import { presentEntry } from './waitlist.presenters';
import { joinWaitlist, leaveWaitlist, type WaitlistDeps } from './waitlist.service';

export interface WaitlistRoutesOptions {
  db: Database;
  config: Config;
  holds: WaitlistDeps['holds'];
}

/** Joining and leaving the waitlist of a full session (bookings-api.md "Cart"). */
export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistRoutesOptions> = async (
  app,
  { db, config, holds },
) => {
  const deps = { db, config, holds };

  app.post(
    '/activities/waitlist',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Join the waitlist of a full session',
        description:
          `${actingNote} Only for a full session of an activity with a waitlist (422 otherwise). When a ` +
          'place frees, the first person waiting gets it in their basket, held for CART_HOLD_MINUTES, and an email.',
        security,
        body: zWaitlistJoinRequest,
        response: {
          201: zWaitlistResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: errors.notFound,
          419: errors.csrf,
          422: errors.invalid,
        },
      },
    },
    async (request, reply) => {
      const who = await actingOf(deps, request, request.body.selected_user_id);
      const entry = await joinWaitlist(deps, who, request.body.occurrence_id);
      return reply.code(201).send({ data: presentEntry(entry) });
    },
  );

  app.delete(
    '/activities/waitlist/:waitlistId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Leave a waitlist',
        security,
        params: zWaitlistParams,
        querystring: zActingQuery,
        response: {
          200: zWaitlistResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: errors.notFound,
          419: errors.csrf,
        },
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.query.selected_user_id);
      return { data: presentEntry(await leaveWaitlist(deps, who, request.params.waitlistId)) };
    },
  );
};
