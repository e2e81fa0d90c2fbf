import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { planForItsValuesMark } from '../statement-text';
import { namedStatementsPerConnection } from './named-statements';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Statement {
  name: string;
  parameterTypes: number[];
}

/** What drizzle's PGlite driver calls on its client: `query`, and `transaction` with a `query`. */
export interface PGliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T>;
}

/**
 * PGlite with named prepared statements, the embedded twin of `NamedStatementClient` (decision 021).
 * PGlite's own `query` parses, describes and plans every statement on every call: in WebAssembly the
 * basket's seven-join description takes 4.4 ms to plan and a fraction of that to run. Here a
 * statement with parameters is parsed and described once (PGlite is one connection, so one map
 * serves it), then each call only binds and executes it, and PostgreSQL's plan cache turns to a
 * generic plan after five runs. The same locks as PGlite's own `query` and `transaction` are taken,
 * so statements never interleave; the rest (no parameters, COPY with a blob) goes to PGlite as is.
 */
export function withNamedStatements(pglite: PGlite): PGliteClient {
  const statements = new Map<string, Statement>();
  let named = 0;

  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const known = statements.get(text);
    if (known) return known;
    const name = `s${named++}`;
    await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }));
    const described = await send(protocol.serialize.describe({ type: 'S', name }));
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  function serialised(values: unknown[], types: number[], options: QueryOptions | undefined) {
    return values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] ?? 0;
      const serialise = options?.serializers?.[type] ?? pglite.serializers[type];
      return serialise ? serialise(value) : String(value);
    });
  }

  /** Bind and execute a prepared statement; the caller holds PGlite's query lock. */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const results: BackendMessage[] = [];
    try {
      const statement = await prepare(text, options);
      const values = serialised(params, statement.parameterTypes, options);
      results.push(
        ...(await send(protocol.serialize.bind({ statement: statement.name, values: values as string[] }))),
        ...(await send(protocol.serialize.describe({ type: 'P' }))),
        ...(await send(protocol.serialize.execute({}))),
      );
    } catch (error) {
      // As PGlite's own query does: the failing statement and its parameters on the error.
      if (error instanceof Error && 'code' in error) Object.assign(error, { query: text, params });
      throw error;
    } finally {
      results.push(...(await send(protocol.serialize.sync())));
    }
    return parse.parseResults(results, pglite.parsers, options)[0] as Results<T>;
  }

  // Past the cap, statements not yet known run unnamed (PGlite's memory stays bounded).
  const usesName = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    params !== undefined &&
    params.length > 0 &&
    !options?.blob &&
    !text.includes(planForItsValuesMark) &&
    (statements.has(text) || statements.size < namedStatementsPerConnection);

  return {
    async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
      if (!usesName(text, params, options)) return pglite.query<T>(text, params, options);
      // PGlite's query: the transaction lock (no statement runs inside another's transaction), then
      // the query lock; outside a transaction, the data reaches the file system after the statement.
      return pglite._runExclusiveTransaction(async () => {
        const result = await pglite.runExclusive(() => run<T>(text, params ?? [], options));
        await pglite.syncToFs();
        return result;
      });
    },
    transaction<T>(work: (tx: Pick<Transaction, 'query'>) => Promise<T>): Promise<T> {
      return pglite.transaction((tx) =>
        work({
          query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            if (!usesName(text, params, options)) return tx.query<R>(text, params, options);
            return pglite.runExclusive(() => run<R>(text, params ?? [], options));
          },
        }),
      );
    },
  };
}
