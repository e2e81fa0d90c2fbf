import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface MembershipChangesRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** Renewing and changing a membership (my-account.md 2.6). */
export const membershipChangesRoutes: FastifyPluginAsyncZod<MembershipChangesRoutesOptions> = async (
  _app,
  _options,
) => {};
