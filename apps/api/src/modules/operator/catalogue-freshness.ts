import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readCatalogueVersion } from '../../db/list-versions';
import { forgetKept } from './read-cache';

/**
 * How a set-up change reaches customers on their next page load on every replica (issue 47). Each
 * process keeps catalogue rows for a while (`perSettingsKept`, `venues/catalogue.ts`, and through
 * it the day answers of availability). The process that makes a change forgets them as it answers
 * (`forgetKeptOnChange`); every other replica notices the catalogue's version (list_versions row 0,
 * moved by triggers on every catalogue table) has moved within CATALOGUE_CHECK_SECONDS and forgets
 * them too (`checkCatalogue`, a job). It keeps no state another replica needs and decides nothing.
 */

/** A check of the catalogue's version; forgets what the app keeps when it moved. Answers whether it had. */
export function catalogueChecker(db: Database, config: Config): () => Promise<boolean> {
  let seen: number | undefined;
  return async () => {
    const version = await readCatalogueVersion(db);
    const moved = version !== seen;
    if (moved) forgetKept(config);
    seen = version;
    return moved;
  };
}

/** Forgets what the app keeps after each successful write of these routes, before the answer is sent. */
export function forgetKeptOnChange(app: FastifyInstance, config: Config): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) forgetKept(config);
    return payload;
  });
}
