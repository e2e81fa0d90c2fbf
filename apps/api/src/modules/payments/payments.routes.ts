import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface PaymentsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** The payments area: fees, credit, saved card, orders, receipts (joining-and-payments.md). */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (_app, _options) => {};
