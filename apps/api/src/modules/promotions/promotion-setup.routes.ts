import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import {
  zAdminIdParams,
  zAdminPromotion,
  zAdminPromotionResponse,
  zPromotionCreate,
  zPromotionPaymentOptions,
  zPromotionUpdate,
} from '@leisure/contract/admin/promotions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import {
  changePromotion,
  createPromotion,
  endPromotion,
  getPromotionForConsole,
  listPromotablePaymentOptions,
  listPromotionsForConsole,
  presentPromotionForConsole,
} from './promotion-setup.service';

export interface PromotionSetupRoutesOptions {
  db: Database;
  config: Config;
}

const tags = ['admin'];
const access = 'staff:promotions.manage' as const;

/** The console's promotions (issue 47): `api/admin/promotions`. */
export const promotionSetupRoutes: FastifyPluginAsyncZod<PromotionSetupRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.get(
    '/admin/promotions',
    {
      config: { access },
      schema: {
        tags,
        summary: "The operator's promotion codes, newest first (paged; `q` searches code and name)",
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zAdminPromotion) },
      },
    },
    async (request) => listPromotionsForConsole(deps, await requireAuth(db, config, request), request.query),
  );

  app.get(
    '/admin/promotions/payment-options',
    {
      config: { access },
      schema: {
        tags,
        summary: "The operator's active payment options, which a promotion may be limited to",
        response: { 200: zPromotionPaymentOptions },
      },
    },
    async (request) => ({
      data: await listPromotablePaymentOptions(db, await requireAuth(db, config, request)),
    }),
  );

  app.get(
    '/admin/promotions/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One promotion',
        params: zAdminIdParams,
        response: { 200: zAdminPromotionResponse },
      },
    },
    async (request) => ({
      data: await getPromotionForConsole(deps, await requireAuth(db, config, request), request.params.id),
    }),
  );

  app.post(
    '/admin/promotions',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a promotion code',
        description:
          'The code is matched by joining whatever its case and kept in capitals; 422 when another ' +
          'promotion of the operator has it.',
        body: zPromotionCreate,
        response: { 201: zAdminPromotionResponse },
      },
    },
    async (request, reply) => {
      const viewer = await requireAuth(db, config, request);
      const row = await createPromotion(db, { kind: 'staff', viewer, request }, request.body);
      const data = await presentPromotionForConsole(deps, row);
      return reply.code(201).send({ data });
    },
  );

  app.patch(
    '/admin/promotions/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change a promotion',
        params: zAdminIdParams,
        body: zPromotionUpdate,
        response: { 200: zAdminPromotionResponse },
      },
    },
    async (request) => {
      const viewer = await requireAuth(db, config, request);
      const row = await changePromotion(
        db,
        { kind: 'staff', viewer, request },
        request.params.id,
        request.body,
      );
      return { data: await presentPromotionForConsole(deps, row) };
    },
  );

  app.post(
    '/admin/promotions/:id/end',
    {
      config: { access },
      schema: {
        tags,
        summary: 'End a promotion: its code stops working in joining at once',
        params: zAdminIdParams,
        response: { 200: zAdminPromotionResponse },
      },
    },
    async (request) => {
      const viewer = await requireAuth(db, config, request);
      const row = await endPromotion(db, { kind: 'staff', viewer, request }, request.params.id);
      return { data: await presentPromotionForConsole(deps, row) };
    },
  );
};
