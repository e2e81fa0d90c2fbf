import {
  zActingQuery,
  zCartAddRequest,
  zCartItemParams,
  zCartRemoveRequest,
  zCartResponse,
  zCartUpdateRequest,
  zCreditsApplyRequest,
} from '@leisure/contract/cart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { actingNote, cartTags, errors, security } from '../../lib/basket-openapi';
import { actingOf } from '../session/acting';
import { presentBasket } from './basket.presenters';
import { addToCart, type CartDeps, discardCart, getBasket, removeFromCart } from './basket.service';
import type { HoldKeeper } from './holds.service';
import { applyCredits, removeBenefit, removePackage, updateCartItem } from './line-changes.service';

export interface BasketRoutesOptions {
  db: Database;
  config: Config;
  holds: HoldKeeper;
}

/**
 * The basket: its lines and their held places, a member's benefit on a line, and the credit reserved
 * for it (bookings-api.md "Cart"; shell-session-basket.md 3 and 4; docs/decisions/007).
 */
export const basketRoutes: FastifyPluginAsyncZod<BasketRoutesOptions> = async (
  app,
  { db, config, holds },
) => {
  const deps: CartDeps = { db, config, holds, events: app.events };
  const cartAnswers = {
    200: zCartResponse,
    401: errors.unauthenticated,
    403: errors.forbidden,
    404: errors.notFound,
    409: errors.conflict,
    419: errors.csrf,
    422: errors.invalid,
  };

  app.get(
    '/activities/cart',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'The basket',
        description:
          `${actingNote} Run-out holds are released first. \`hold_expires_at\` is when the earliest hold ` +
          'runs out; `item_hash` changes whenever the lines change.',
        security,
        querystring: zActingQuery,
        response: cartAnswers,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const who = await actingOf(
        deps,
        request,
        request.query.selected_user_id,
        request.query.membership_user_id,
      );
      return { data: presentBasket(await getBasket(deps, who)) };
    },
  );

  app.post(
    '/activities/cart/add',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Add sessions or a course to the basket',
        description:
          `${actingNote} Each item takes its places at once (held for CART_HOLD_MINUTES, default 15). ` +
          '`type`: `activity` (a v1 slot or class), `purchasableOccurrence` (a v2 slot) or `av2BookingBundle` ' +
          '(a course: the bundle id, or any of its sessions). Defaults: the standard pricing option (the ' +
          "member's when a benefit applies), its first ticket, one place. `options.tickets` " +
          '`[{ticket_id, quantity}]` books several tickets of a class. All or nothing: a full session ' +
          "answers 422 with 'The session being booked is already full'; losing a race for the last place " +
          "answers 409 'A lot of people are trying to book this right now. Please try again.'",
        security,
        body: zCartAddRequest,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(
        deps,
        request,
        request.body.selected_user_id,
        request.body.membership_user_id,
      );
      return { data: presentBasket(await addToCart(deps, who, request.body)) };
    },
  );

  app.post(
    '/activities/cart/remove',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Remove lines from the basket',
        description: `${actingNote} Releases their places (offered to the waitlist first). \`membership_user_id\` and \`selected_user_id\` may be sent in the body or the query.`,
        security,
        querystring: zActingQuery,
        body: zCartRemoveRequest,
        response: cartAnswers,
      },
    },
    async (request) => {
      const selected = request.body.selected_user_id ?? request.query.selected_user_id;
      const membership = request.body.membership_user_id ?? request.query.membership_user_id;
      const who = await actingOf(deps, request, selected, membership);
      return { data: presentBasket(await removeFromCart(deps, who, request.body.cart_item_ids)) };
    },
  );

  app.put(
    '/activities/cart/:cartItemId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Change the places of a basket line',
        description: `${actingNote} New \`options.tickets\` quantities or \`quantity\`; more places are taken as by add.`,
        security,
        params: zCartItemParams,
        body: zCartUpdateRequest,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.body.selected_user_id);
      return {
        data: presentBasket(await updateCartItem(deps, who, request.params.cartItemId, request.body)),
      };
    },
  );

  app.delete(
    '/activities/cart',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Discard the basket',
        description: `${actingNote} Removes every line, releases every place and drops reserved credit.`,
        security,
        querystring: zActingQuery,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.query.selected_user_id);
      return { data: presentBasket(await discardCart(deps, who)) };
    },
  );

  app.delete(
    '/activities/benefit/remove/:cartItemId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: "Remove a member's benefit from a line",
        description: `${actingNote} The line goes back to the standard price; 422 'No benefit is applied to this item.' when none is.`,
        security,
        params: zCartItemParams,
        querystring: zActingQuery,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.query.selected_user_id);
      return { data: presentBasket(await removeBenefit(deps, who, request.params.cartItemId)) };
    },
  );

  app.delete(
    '/activities/package/remove/:cartItemId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Remove package usage from a line',
        description: `${actingNote} Packages arrive with memberships: 422 'No package is applied to this item.'`,
        security,
        params: zCartItemParams,
        querystring: zActingQuery,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.query.selected_user_id);
      return { data: presentBasket(await removePackage(deps, who, request.params.cartItemId)) };
    },
  );

  app.post(
    '/credits/apply',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: cartTags,
        summary: 'Reserve credit for the basket',
        description:
          `${actingNote} Each entry replaces the reservation of its type (0 removes it); at most the ` +
          "customer's balance and the basket total. Answers the basket.",
        security,
        body: zCreditsApplyRequest,
        response: cartAnswers,
      },
    },
    async (request) => {
      const who = await actingOf(deps, request, request.body.selected_user_id);
      return { data: presentBasket(await applyCredits(deps, who, request.body)) };
    },
  );
};
