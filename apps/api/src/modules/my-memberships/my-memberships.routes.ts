import { zErrorResponse } from '@leisure/contract/errors';
import { zMyMembershipsResponse } from '@leisure/contract/my-memberships';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { listMyMemberships } from './my-memberships.service';

export interface MyMembershipsRoutesOptions {
  db: Database;
  config: Config;
}

const security: { [label: string]: string[] }[] = [{ bearer: [] }, { cookie: [] }];
const unauthenticated = zErrorResponse.describe('No valid session.');

/** The member's memberships, each card with what may be done with it (my-account.md 2.6). */
export const myMembershipsRoutes: FastifyPluginAsyncZod<MyMembershipsRoutesOptions> = async (
  app,
  { db, config },
) => {
  const deps = { db, config };

  app.get(
    '/my-account/user/memberships',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: 'Your memberships',
        description:
          'Every membership of the signed-in member: pending, active, frozen, then the others, newest first ' +
          "within each. `status` is 'freeze pending' or 'freeze pending approval' while a freeze waits. " +
          '`document` is the latest eligibility document; `document_upload_required` says the card should ask ' +
          'for one. `cancellation` is set once the member asked to cancel. A cancellation waiting for debts ' +
          'that are now paid goes through before the list is answered.',
        security,
        response: { 200: zMyMembershipsResponse, 401: unauthenticated },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return { data: await listMyMemberships(deps, auth) };
    },
  );
};
