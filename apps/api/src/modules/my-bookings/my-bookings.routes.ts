import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface MyBookingsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** Bookings, waitlist and course bookings in my account (my-account.md 2.3, 2.4). */
export const myBookingsRoutes: FastifyPluginAsyncZod<MyBookingsRoutesOptions> = async (_app, _options) => {};
