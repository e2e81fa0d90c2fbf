import { zAuthUserResponse } from '@leisure/contract/auth';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAuth } from '../session/session';
import { describeUser } from './account-summary.service';

const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** `GET auth/user`: who is signed in, with what the screens show of their account. */
export const accountSummaryRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  deps,
) => {
  const { db, config } = deps;

  app.get(
    '/auth/user',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security,
        response: { 200: zAuthUserResponse, 401: zErrorResponse.describe('No valid session.') },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.header('cache-control', 'no-store');
      return { data: await describeUser(deps, auth) };
    },
  );
};
