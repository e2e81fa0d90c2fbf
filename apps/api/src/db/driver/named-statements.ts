import { createHash } from 'node:crypto';
import pg from 'pg';
import { planForItsValuesMark } from '../statement-text';

/**
 * Distinct statements one connection keeps prepared. Our queries are a few hundred texts; `in (...)`
 * lists of every length could make more, and past this many they run unnamed, as before, so a
 * connection's memory in PostgreSQL stays bounded.
 */
export const namedStatementsPerConnection = 2000;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The statement's text when it is one bare word (`begin`, `commit`, `rollback`), lower-cased. */
function bareWord(config: QueryConfig): string | undefined {
  // Asked of every statement: a long text is never one, and is not lower-cased to find out.
  if (typeof config.text !== 'string' || config.text.length > 16) return undefined;
  const word = config.text.trim().toLowerCase();
  return /^[a-z]+$/.test(word) ? word : undefined;
}

/** Names already made, by text, for every connection: a lookup costs less than a hash (issue 16). */
const statementNames = new Map<string, string>();

function statementNameOf(text: string): string {
  const known = statementNames.get(text);
  if (known !== undefined) return known;
  const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
  // Bounded as each connection's statements are; past it, a name is made each time, as before.
  if (statementNames.size < namedStatementsPerConnection) statementNames.set(text, name);
  return name;
}

/**
 * A pg client that runs every parameterised statement as a named prepared statement, named by a
 * hash of its text. PostgreSQL then parses it once per connection, and after a few runs plans it
 * once (a generic plan) instead of on every call: on the booking writes, planning was 80% of the
 * database's time (the basket's seven-join description took 2.6 ms to plan and 0.2 ms to run).
 * Statements without parameters (begin, commit, DDL, `set local`) are left unnamed. Named
 * statements belong to the connection, not the transaction, so they survive a rollback; pg checks
 * that a name is never reused for a different text. Decision 021.
 */
export class NamedStatementClient extends pg.Client {
  private readonly named = new Set<string>();
  private corked = false;
  /** The commit sent behind a transaction's last statements (`commitAhead`), until its transaction ends. */
  // biome-ignore lint/suspicious/noExplicitAny: pg's result type, as query() answers it.
  private committed: Promise<any> | undefined;

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; we pass them through.
  override query(config: any, values?: any, callback?: any): any {
    if (this.committed) return this.afterCommit(this.committed, config as QueryConfig);
    this.sendTogether();
    if (typeof config === 'object' && config !== null && !('submit' in config)) {
      if (callback === undefined && this.pipeline && bareWord(config as QueryConfig) === 'begin')
        return this.begin(config);
      const named = this.nameFor(config as QueryConfig, values);
      if (named) return super.query({ ...config, name: named }, values, callback);
    }
    return super.query(config, values, callback);
  }

  /**
   * `begin` is sent and answered at once: the statements that follow are pipelined behind it, so a
   * transaction's first statement goes in the same write. It cannot fail on its own: on a broken
   * connection the statement after it fails too, and inside a transaction it only warns.
   */
  // biome-ignore lint/suspicious/noExplicitAny: pg's result type, as query() answers it.
  private begin(config: QueryConfig): Promise<any> {
    // Its answer (or a broken connection's error, which the next statement gets too) is not waited for.
    const send = super.query as unknown as (config: unknown, values: unknown, callback: () => void) => void;
    send.call(this, config, undefined, () => {});
    return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
  }

  /**
   * Sends `commit` now, behind the statements already issued, so the transaction's last statements
   * and its commit share a round trip (db/pipeline.ts `commitWith`). The transaction's own `commit`
   * that follows is answered with this one's answer (its error included: a deferred trigger's, or a
   * rollback's when a statement before it failed), and so is a `rollback`. Any other statement
   * before then is a mistake of the caller's, and throws: the transaction is over.
   */
  commitAhead(): void {
    if (!this.pipeline) throw new Error('commitAhead needs a pipelined connection');
    this.sendTogether();
    const committed = super.query('commit') as Promise<unknown>;
    // Answered to the transaction's own commit or rollback; never an unhandled rejection meanwhile.
    committed.catch(() => {});
    this.committed = committed;
  }

  private afterCommit(committed: Promise<unknown>, config: QueryConfig): Promise<unknown> {
    const word = typeof config === 'object' && config !== null ? bareWord(config) : undefined;
    if (word === 'commit' || word === 'rollback') {
      this.committed = undefined;
      // After a rollback asked for, the transaction is over either way: its outcome is not an error.
      return word === 'commit' ? committed : committed.catch(() => undefined);
    }
    throw new Error('a statement was issued after its transaction was committed (commitWith)');
  }

  /**
   * Statements issued in one turn of the event loop (a pipelined batch, or `begin` and the statement
   * after it) leave in one write: the socket is corked until the turn's microtasks are done.
   */
  private sendTogether(): void {
    const stream = (this as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream;
    if (this.corked || !this.pipeline || !stream?.cork || !stream.uncork) return;
    this.corked = true;
    stream.cork();
    process.nextTick(() => {
      this.corked = false;
      stream.uncork?.();
    });
  }

  private nameFor(config: QueryConfig, values: unknown): string | undefined {
    if (config.name !== undefined || typeof config.text !== 'string') return undefined;
    if (config.text.includes(planForItsValuesMark)) return undefined;
    const parameters = Array.isArray(values) ? values : config.values;
    if (!Array.isArray(parameters) || parameters.length === 0) return undefined;
    const name = statementNameOf(config.text);
    if (!this.named.has(name)) {
      if (this.named.size >= namedStatementsPerConnection) return undefined;
      this.named.add(name);
    }
    return name;
  }
}
