import type pg from 'pg';
import { NamedStatementClient } from './named-statements';
import { statementOptionsOf } from './statement-options';

/**
 * A statement that only reads and can never wait for a lock: a `select` without a locking clause.
 * PostgreSQL's reads see a snapshot and never wait on rows; `for update` and its kin do, and so does
 * anything that is not a select (a write, or a `with` that may hold one).
 */
export function isPlainRead(config: unknown): boolean {
  const text = textOf(config);
  if (text === undefined) return false;
  return /^\s*select\s/i.test(text) && !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);
}

/**
 * A write its author prepared as fit to share a connection: the typed option on its query config
 * (statement-options.ts, set by db/prepared.ts `preparedSql`), never anything in its text.
 */
export function isSharedWrite(config: unknown): boolean {
  return statementOptionsOf(config)?.share === 'write';
}

/** A statement's text, given as a string or a query config. */
function textOf(config: unknown): string | undefined {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : undefined;
}

/**
 * Reads in flight on a shared connection before the next one is used: light reads (a session, a
 * basket, a day's times) all go on the first, so the server is woken once for many; a run of
 * heavier ones spills onto the next and runs beside them on another core.
 */
export const readsBeforeNextConnection = 16;

/**
 * Shared writes in flight on a connection before the next one is used: one, so a write goes to an
 * idle connection, else to the least busy. A write may wait for a row's lock, and the statements
 * behind it on its connection wait with it; spread out, the others go on without it.
 */
export const writesBeforeNextConnection = 1;

/**
 * How long a shared write connection's oldest statement may be in flight before the connection is
 * taken as stalled, its statement waiting for a lock; when every write connection is, the next write
 * goes through the pool, so a lock held long (staff at the desk, a stuck job) holds up only the few
 * writes already behind it. A second: under load a statement's answer waits its turn in the event
 * loop, and at 100 ms a tenth to a third of checkout's writes went to the pool (bench, 50 connections).
 */
export const writeStalledAfterMs = 1_000;

/**
 * A few pipelined connections shared by the statements of many requests outside a transaction
 * (decisions 032 and 038). Through the pool, each statement takes a connection of its own: its own
 * write, its own wake-up of a server process, its own answer to read. Here the statements that
 * requests issue in one turn of the event loop leave in one write (named-statements.ts), are
 * answered back to back by one server process, and come back together. Each has its own Sync, so
 * each is its own transaction, and one that fails fails alone.
 */
export class SharedConnections {
  private readonly connections: (Promise<NamedStatementClient> | undefined)[];
  /** When each statement in flight on each connection was issued, oldest first (answers come in order). */
  private readonly issuedAt: number[][];

  constructor(
    private readonly config: pg.ClientConfig,
    size: number,
    private readonly spread: {
      /** Statements in flight on a connection before the next is used. */
      beforeNextConnection: number;
      /**
       * A connection whose oldest statement has been in flight this long is stalled (a write waiting
       * for a lock): it takes no more. Unset for reads, which never wait for one.
       */
      stalledAfterMs?: number;
      /**
       * Statements in flight on every connection past which the next is not taken (it goes through
       * the pool, whose queue is bounded): a pipeline would otherwise grow without end.
       */
      inFlightLimit?: number;
    },
  ) {
    this.connections = Array.from({ length: size }, () => undefined);
    this.issuedAt = Array.from({ length: size }, () => []);
  }

  /** The statement's answer; undefined, sending nothing, when every connection is stalled or full. */
  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> | undefined {
    const now = performance.now();
    const index = this.connectionFor(now);
    if (index === undefined) return undefined;
    const issued = this.issuedAt[index] ?? [];
    issued.push(now);
    return this.connectionAt(index)
      .then((client) => client.query(config, values))
      .finally(() => {
        issued.splice(issued.indexOf(now), 1);
      });
  }

  async end(): Promise<void> {
    const open = this.connections.filter((connection) => connection !== undefined);
    this.connections.fill(undefined);
    await Promise.all(open.map(async (connection) => (await connection.catch(() => undefined))?.end()));
  }

  /**
   * The first connection not yet holding its share of statements, else the least busy one that is
   * neither stalled nor full; undefined when none is.
   */
  private connectionFor(now: number): number | undefined {
    const room = this.issuedAt.findIndex((issued) => issued.length < this.spread.beforeNextConnection);
    if (room >= 0) return room;
    const { stalledAfterMs, inFlightLimit } = this.spread;
    let least: number | undefined;
    this.issuedAt.forEach((issued, index) => {
      const oldest = issued[0] ?? now;
      if (stalledAfterMs !== undefined && now - oldest >= stalledAfterMs) return;
      if (inFlightLimit !== undefined && issued.length >= inFlightLimit) return;
      if (least === undefined || issued.length < (this.issuedAt[least]?.length ?? 0)) least = index;
    });
    return least;
  }

  private connectionAt(index: number): Promise<NamedStatementClient> {
    const open = this.connections[index];
    if (open) return open;
    const client = new NamedStatementClient({ ...this.config, pipeline: true });
    const connecting = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    const forget = () => {
      if (this.connections[index] === connecting) this.connections[index] = undefined;
    };
    // A connection the server ends fails the reads in flight on it, as a pool's does; the next read
    // opens another. Without a listener its 'error' event would end the process.
    client.on('error', forget);
    client.on('end', forget);
    this.connections[index] = connecting;
    return connecting;
  }
}

/**
 * Sends the pool's plain reads to `reads`, its shared writes (`isSharedWrite`) to `writes` (to the
 * pool when every write connection is stalled), and everything else (other writes, locking reads,
 * callbacks) to the pool. Transactions are untouched:
 * they check out a client of their own (`pool.connect`), so a shared write inside one runs on it.
 */
export function shareStatementsOf(
  pool: pg.Pool,
  shared: { reads?: SharedConnections | undefined; writes?: SharedConnections | undefined },
): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const sharedFor = (config: unknown) =>
    isSharedWrite(config) ? shared.writes : isPlainRead(config) ? shared.reads : undefined;
  const query = (config: unknown, values?: unknown, callback?: unknown) => {
    const connections =
      callback === undefined && typeof values !== 'function' ? sharedFor(config) : undefined;
    const answer = connections?.query(
      (typeof config === 'string' ? { text: config } : config) as pg.QueryConfig,
      values as unknown[] | undefined,
    );
    return answer ?? poolQuery(config, values, callback);
  };
  pool.query = query as typeof pool.query;
}
