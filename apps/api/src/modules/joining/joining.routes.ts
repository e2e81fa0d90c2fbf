import {
  zCustomQuestionsAnswerRequest,
  zCustomQuestionsParams,
  zCustomQuestionsResponse,
  zJoiningVenuesQuery,
  zJoiningVenuesResponse,
  zSubmitMembershipRequest,
  zSubmitMembershipResponse,
} from '@leisure/contract/memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { errors, security, tags } from '../../lib/online-joining-openapi';
import { requireAuth } from '../session/session';
import {
  answerMembershipQuestions,
  discardDrafts,
  listJoiningVenues,
  listMembershipQuestions,
  submitMembershipToBasket,
} from './joining.service';

export interface JoiningRoutesOptions {
  db: Database;
  config: Config;
}

/** Online joining: additional questions, the home-centre venues and submitting a membership (issue 4). */
export const joiningRoutes: FastifyPluginAsyncZod<JoiningRoutesOptions> = async (app, { db, config }) => {
  const deps = { db, config };

  // A draft membership exists only with its basket line (docs/decisions/018).
  app.events.on('basket.membership-lines.removed', async ({ membershipIds }) => {
    await discardDrafts(db, membershipIds);
  });

  app.get(
    '/custom-questions/memberships/:membershipId',
    {
      config: { access: 'public' },
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
      config: { access: 'signed-in' },
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
      config: { access: 'public' },
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
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Submit a new membership',
        description:
          'Creates a DRAFT membership and puts its first payment in the basket (cartable type ' +
          '`membership`), replacing the draft of an earlier submission left unpaid. The draft is not the ' +
          "member's membership: removing the line, clearing the basket or the line running out " +
          '(`CART_HOLD_MINUTES`) deletes it and returns its promotion use. Checks eligibility ' +
          "(422 'You are ineligible for this membership' with the " +
          'reason under `membership_type_id`), no pending or active membership of the type, dates, billing ' +
          'day, promotion, answers, the health commitment and membership terms, and, for a monthly payer ' +
          'without a direct-debit instruction, `direct_debit.token` from the bank-details validation. ' +
          'The membership becomes active (pending while an eligibility document is awaited) when the ' +
          'basket is checked out.',
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
