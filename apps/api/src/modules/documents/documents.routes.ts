import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mail.service';

export interface DocumentsRoutesOptions {
  db: Database;
  config: Config;
  mailer: Mailer;
}

/** Uploads: eligibility documents, profile photo; waivers (my-account.md 2.7, 2.8, 2.10). */
export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (_app, _options) => {};
