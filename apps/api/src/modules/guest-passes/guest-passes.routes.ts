import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface GuestPassesRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** Guest passes and packages (my-account.md 2.5). */
export const guestPassesRoutes: FastifyPluginAsyncZod<GuestPassesRoutesOptions> = async (
  _app,
  _options,
) => {};
