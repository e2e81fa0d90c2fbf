import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import {
  zAdminIdParams,
  zAdminPriceChange,
  zAdminPriceChangeResponse,
  zPriceChangeCreate,
} from '@leisure/contract/admin/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { requireAuth } from '../session/session';
import {
  cancelPriceChange,
  getPriceChange,
  listPriceChanges,
  schedulePriceChange,
} from './price-changes.service';

export interface PriceChangeRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

const tags = ['admin'];
const access = 'staff:prices.manage' as const;

/** The console's scheduled price changes for existing members (issue 47): `api/admin/membership-price-changes`. */
export const priceChangeRoutes: FastifyPluginAsyncZod<PriceChangeRoutesOptions> = async (
  app,
  { db, config, mailer },
) => {
  const deps = { db, config, mailer };

  app.get(
    '/admin/membership-price-changes',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Scheduled, applied and cancelled price changes for existing members (paged, newest date first)',
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zAdminPriceChange) },
      },
    },
    async (request) => listPriceChanges(db, await requireAuth(db, config, request), request.query),
  );

  app.get(
    '/admin/membership-price-changes/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One price change',
        params: zAdminIdParams,
        response: { 200: zAdminPriceChangeResponse },
      },
    },
    async (request) => ({
      data: await getPriceChange(db, await requireAuth(db, config, request), request.params.id),
    }),
  );

  app.post(
    '/admin/membership-price-changes',
    {
      config: { access },
      schema: {
        tags,
        summary: "Schedule a new monthly amount for a recurring payment option's existing members",
        description:
          "From `effective_date` (at least 30 days ahead, the operator's date) the live members of the option " +
          "pay `amount` a month; each is emailed now. New purchases pay the option's own price. 422 at the field " +
          'for a fixed-term option, a date too soon, or an option with a change already scheduled.',
        body: zPriceChangeCreate,
        response: { 201: zAdminPriceChangeResponse },
      },
    },
    async (request, reply) => {
      const viewer = await requireAuth(db, config, request);
      const data = await schedulePriceChange(deps, viewer, request.body, request);
      return reply.code(201).send({ data });
    },
  );

  app.post(
    '/admin/membership-price-changes/:id/cancel',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cancel a scheduled price change before it takes effect',
        params: zAdminIdParams,
        response: { 200: zAdminPriceChangeResponse },
      },
    },
    async (request) => ({
      data: await cancelPriceChange(deps, await requireAuth(db, config, request), request.params.id, request),
    }),
  );
};
