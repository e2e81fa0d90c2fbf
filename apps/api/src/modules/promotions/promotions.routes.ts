import { zErrorResponse } from '@leisure/contract/errors';
import { zPromotionValidateParams, zPromotionValidateResponse } from '@leisure/contract/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { validatePromotionCode } from './promotions.service';

const errors = {
  invalid: zErrorResponse.describe(
    'Invalid input, nothing written: `{message, errors: {field: [..]}}` keyed by wire field name ' +
      '(`start_date`, `billing_day`, `answers.{questionId}`, `membership_type_id`, `terms`, ...).',
  ),
  unauthenticated: zErrorResponse.describe('No valid session.'),
  forbidden: zErrorResponse.describe('Not your membership, or a customer acting for someone else.'),
  notFound: zErrorResponse.describe('No such venue, membership type, payment option or membership.'),
  csrf: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
};
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const tags = ['online-joining'];

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
