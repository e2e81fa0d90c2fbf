import { zPromotionValidateParams, zPromotionValidateResponse } from '@leisure/contract/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors, tags } from '../../lib/online-joining-openapi';
import { validatePromotionCode } from './promotions.service';

export interface PromotionRoutesOptions {
  db: Database;
  config: Config;
}

/** Promotion codes of online joining (issue 4). */
export const promotionRoutes: FastifyPluginAsyncZod<PromotionRoutesOptions> = async (app, { db, config }) => {
  const deps = { db, config };

  app.get(
    '/v1/membership-promotions/validate/:code/:paymentOptionId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Check a promotion code for a payment option',
        description:
          "Answers the code and its id. 422 'Code not recognised' (under `code`) for an unknown, " +
          'not yet valid, expired or used-up code, or one not offered on this option.',
        params: zPromotionValidateParams,
        response: { 200: zPromotionValidateResponse, 422: errors.invalid },
      },
    },
    async (request) => ({
      data: await validatePromotionCode(deps, request.params.code, request.params.paymentOptionId),
    }),
  );
};
