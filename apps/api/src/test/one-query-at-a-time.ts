import pg from 'pg';
import { afterEach } from 'vitest';

/**
 * Set-up of every API test file (vitest.config.ts): a PostgreSQL connection never queues a query behind
 * another. A query sent to a `pg` client while another is still in flight on it is queued by pg@8 with
 * a DeprecationWarning, and refused by pg@9, unless the client pipelines (pg's `pipeline` mode, which
 * db/client.ts turns on: the query is written at once, decision 031). Here an overlap on a client that
 * does not pipeline fails the test it happened in, with the stack of the second query. Pool queries
 * outside a transaction each check out their own client, so only a transaction's client can ever trip
 * this. PGlite does not go through `pg.Client`, so the guard only has work to do when TEST_DATABASE_URL
 * is set.
 */

interface ClientInternals {
  pipeline?: boolean;
  _getActiveQuery?: () => unknown;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}

const overlaps: Error[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;

function inFlight(client: ClientInternals): boolean {
  const active = client._getActiveQuery ? client._getActiveQuery() : client._activeQuery;
  return Boolean(active) || (client._queryQueue?.length ?? 0) > 0;
}

pg.Client.prototype.query = function guardedQuery(this: ClientInternals, ...args: unknown[]) {
  if (!this.pipeline && inFlight(this)) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    overlaps.push(
      new Error(
        `client.query() while another query is in flight on the same connection: ${String(text).slice(0, 200)}`,
      ),
    );
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

afterEach(() => {
  const found = overlaps.splice(0);
  if (found.length > 0) {
    const first = found[0] as Error;
    first.message = `${found.length} concurrent quer${found.length === 1 ? 'y' : 'ies'} on one connection; the first: ${first.message}`;
    throw first;
  }
});
