import type pg from 'pg';
import { NamedStatementClient } from './named-statements';

/**
 * A statement that only reads and can never wait for a lock: a `select` without a locking clause.
 * PostgreSQL's reads see a snapshot and never wait on rows; `for update` and its kin do, and so does
 * anything that is not a select (a write, or a `with` that may hold one).
 */
export function isPlainRead(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return false;
  return /^\s*select\s/i.test(text) && !/\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text);
}

/**
 * Reads in flight on a shared connection before the next one is used: light reads (a session, a
 * basket, a day's times) all go on the first, so the server is woken once for many; a run of
 * heavier ones spills onto the next and runs beside them on another core.
 */
export const readsBeforeNextConnection = 16;

/**
 * A few pipelined connections shared by every plain read made outside a transaction (decision
 * 032). Through the pool, each read takes a connection of its own: its own write, its own wake-up
 * of a server process, its own answer to read. Here the reads that requests issue in one turn of
 * the event loop leave in one write (named-statements.ts), are answered back to back by one server
 * process, and come back together. A read never waits for a lock, so none can hold up the reads
 * behind it for longer than it runs; statements that lock or write keep the pool's connections.
 */
export class SharedReads {
  private readonly connections: (Promise<NamedStatementClient> | undefined)[];
  private readonly inFlight: number[];

  constructor(
    private readonly config: pg.ClientConfig,
    size: number,
  ) {
    this.connections = Array.from({ length: size }, () => undefined);
    this.inFlight = Array.from({ length: size }, () => 0);
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const index = this.connectionFor();
    this.inFlight[index] = (this.inFlight[index] ?? 0) + 1;
    try {
      const client = await this.connectionAt(index);
      return await client.query(config, values);
    } finally {
      this.inFlight[index] = (this.inFlight[index] ?? 1) - 1;
    }
  }

  async end(): Promise<void> {
    const open = this.connections.filter((connection) => connection !== undefined);
    this.connections.fill(undefined);
    await Promise.all(open.map(async (connection) => (await connection.catch(() => undefined))?.end()));
  }

  /** The first connection not yet holding its share of reads, else the least busy. */
  private connectionFor(): number {
    const room = this.inFlight.findIndex((reads) => reads < readsBeforeNextConnection);
    if (room >= 0) return room;
    let least = 0;
    this.inFlight.forEach((reads, index) => {
      if (reads < (this.inFlight[least] ?? 0)) least = index;
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
 * Sends the pool's plain reads to `shared` and everything else (writes, locking reads, callbacks)
 * to the pool. Transactions are untouched: they check out a client of their own (`pool.connect`).
 */
export function shareReadsOf(pool: pg.Pool, shared: SharedReads): void {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = (config: unknown, values?: unknown, callback?: unknown) =>
    callback === undefined && typeof values !== 'function' && isPlainRead(config)
      ? shared.query(
          (typeof config === 'string' ? { text: config } : config) as pg.QueryConfig,
          values as unknown[] | undefined,
        )
      : poolQuery(config, values, callback);
  pool.query = query as typeof pool.query;
}
