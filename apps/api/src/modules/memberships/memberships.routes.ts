import { zErrorResponse } from '@leisure/contract/errors';
import {
  zCustomQuestionsAnswerRequest,
  zCustomQuestionsParams,
  zCustomQuestionsResponse,
  zJoiningVenuesQuery,
  zJoiningVenuesResponse,
  zMembershipTypesQuery,
  zMembershipTypesResponse,
  zPaymentOptionPriceParams,
  zPaymentOptionPriceQuery,
  zPaymentOptionPriceResponse,
  zPromotionValidateParams,
  zPromotionValidateResponse,
  zSubmitMembershipRequest,
  zSubmitMembershipResponse,
} from '@leisure/contract/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { currentAuth, requireAuth } from '../session/session';
import {
  activateOrderedMemberships,
  answerMembershipQuestions,
  listJoiningVenues,
  listMembershipQuestions,
  listMembershipTypes,
  pricePaymentOption,
  submitMembershipToBasket,
  validatePromotionCode,
} from './memberships.service';

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

export interface MembershipRoutesOptions {
  db: Database;
  config: Config;
}

/** Online joining: membership types, prices, promotions, questions, venues and submitting (issue 4). */
export const membershipRoutes: FastifyPluginAsyncZod<MembershipRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };
  app.events.on('order.completed', ({ orderId }) =>
    activateOrderedMemberships(
      { db, config, directDebitProvider: app.directDebitProvider, mailer: app.mailer, log: app.log },
      orderId,
    ),
  );

  app.get(
    '/memberships/types',
    {
      schema: {
        tags,
        summary: 'Membership types sold at a venue',
        description:
          'Types that can be bought with `venue_id` as the home centre, with categories, coverage, ' +
          'description (HTML: sanitise before rendering), eligibility, benefits, access and payment ' +
          "options. `is_purchasable` reflects the signed-in customer's eligibility and live memberships; " +
          'anonymous visitors can purchase everything (eligibility is checked on submit).',
        querystring: zMembershipTypesQuery,
        response: { 200: zMembershipTypesResponse, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => ({
      data: await listMembershipTypes(deps, await currentAuth(db, config, request), request.query.venue_id),
    }),
  );

  app.get(
    '/memberships/types/:typeId/payment-options/:optionId',
    {
      schema: {
        tags,
        summary: 'The cost breakdown of a payment option',
        description:
          'Joining fee, pro-rata (start date up to the next billing day, in days), month in hand, ' +
          'discount and the total to pay now, in minor units and formatted; the first billing date. ' +
          '`start_date` defaults to today (today to one month ahead); `billing_day` 1-28 (ignored for ' +
          "customers who already have a billing date). 422 'Could not calculate price.' with the reason " +
          'under the field and `incalculablePrice`.',
        params: zPaymentOptionPriceParams,
        querystring: zPaymentOptionPriceQuery,
        response: { 200: zPaymentOptionPriceResponse, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => ({
      data: await pricePaymentOption(
        deps,
        await currentAuth(db, config, request),
        request.params.typeId,
        request.params.optionId,
        request.query,
      ),
    }),
  );

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

  app.get(
    '/custom-questions/memberships/:membershipId',
    {
      schema: {
        tags,
        summary: 'Additional questions of a membership type',
        description:
          '`membershipId` is the membership type id. Types: text, number, select, multi_select, date, checkbox.',
        params: zCustomQuestionsParams,
        response: { 200: zCustomQuestionsResponse, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => ({ data: await listMembershipQuestions(deps, request.params.membershipId) }),
  );

  app.post(
    '/custom-questions/memberships/:membershipId',
    {
      schema: {
        tags,
        summary: "Answer a membership's additional questions",
        description:
          "`membershipId` is the customer's membership id. Answers are keyed by question id; errors " +
          "under `answers.{questionId}`: '{label} is required.', 'Date must be valid.', dates not after today.",
        security,
        params: zCustomQuestionsParams,
        body: zCustomQuestionsAnswerRequest,
        response: {
          200: zCustomQuestionsResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: errors.notFound,
          419: errors.csrf,
          422: errors.invalid,
        },
      },
    },
    async (request) => ({
      data: await answerMembershipQuestions(
        deps,
        await requireAuth(db, config, request),
        request.params.membershipId,
        request.body.answers,
      ),
    }),
  );

  app.get(
    '/online-joining/venues',
    {
      schema: {
        tags,
        summary: 'Venues for the home-centre step and its map',
        description:
          'All venues by name. With `lat` and `lng`: `distance` in miles, nearest first; with `radius` ' +
          '(miles) too, only venues within it.',
        querystring: zJoiningVenuesQuery,
        response: { 200: zJoiningVenuesResponse, 422: errors.invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { data: await listJoiningVenues(deps, request.query) };
    },
  );

  app.post(
    '/online-joining/memberships',
    {
      schema: {
        tags,
        summary: 'Submit a new membership',
        description:
          'Creates a PENDING membership and puts its first payment in the basket (cartable type ' +
          "`membership`). Checks eligibility (422 'You are ineligible for this membership' with the " +
          'reason under `membership_type_id`), no pending or active membership of the type, dates, billing ' +
          'day, promotion, answers, the health commitment and membership terms, and, for a monthly payer ' +
          'without a direct-debit instruction, `direct_debit.token` from the bank-details validation. ' +
          'The membership becomes active when the basket is checked out.',
        security,
        body: zSubmitMembershipRequest,
        response: {
          201: zSubmitMembershipResponse,
          401: errors.unauthenticated,
          403: errors.forbidden,
          404: errors.notFound,
          419: errors.csrf,
          422: errors.invalid,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const data = await submitMembershipToBasket(deps, auth, request.body);
      return reply.status(201).send({ data });
    },
  );
};
