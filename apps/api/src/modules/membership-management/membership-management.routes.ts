import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface MembershipManagementRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** The member's memberships: list, freeze, cancel (my-account.md 2.6). */
export const membershipManagementRoutes: FastifyPluginAsyncZod<MembershipManagementRoutesOptions> = async (
  _app,
  _options,
) => {};
