/**
 * "The database cannot take this now": answered 503 with Retry-After (app.ts), never a bare 500.
 * Unlike a lost race (db/locks.ts isRaceError, 409), trying again at once would only add to the load.
 */

/** The message of a 503 for a busy or unreachable database. */
export const databaseUnavailableMessage = 'The service is busy right now. Please try again in a moment.';

/** Seconds a client is asked to wait before trying again (`Retry-After`). */
export const databaseRetryAfterSeconds = 2;

/** Thrown, sending nothing, when more requests wait for a pool connection than DATABASE_POOL_QUEUE allows. */
export class PoolQueueFullError extends Error {
  readonly code = 'POOL_QUEUE_FULL';
  constructor(waiting: number) {
    super(`${waiting} requests already wait for a database connection`);
  }
}

/**
 * SQLSTATEs of a statement the server stopped or could not take: statement_timeout (57014), a
 * server shutting down or restarting (57P01-57P03), too many connections (53300), a session ended
 * idle in its transaction (25P03), any connection exception (class 08); and the socket errors of
 * a server that cannot be reached.
 */
const unavailableCodes = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '25P03',
  'POOL_QUEUE_FULL',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg's own errors carry no code: a connect or pool wait past connectionTimeoutMillis, a lost socket. */
const unavailableMessages = [
  'timeout exceeded when trying to connect',
  // A shared connection's own connect past connectionTimeoutMillis (pg's Client).
  'timeout expired',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
];

/** Whether `error` (or a cause it wraps: drizzle wraps the driver's) says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && unavailableMessages.some((text) => message.startsWith(text)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
