import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import type { App } from '../app';
import type { Database } from '../db/client';
import { databaseNameOf, startReplica, type TestApp } from './harness';

/**
 * The plans PostgreSQL runs our statements with, as a busy database would (decision 029). Every
 * statement is a named prepared statement (decision 021), so after a few runs PostgreSQL may plan it
 * once for any values: a generic plan, which cannot see a bound value. It cannot use an index whose
 * predicate names one, and it guesses a bound LIMIT, so it may walk the ORDER BY's index past every
 * row. On a test's small tables either costs nothing; on a year's data it reads whole tables.
 *
 * An explaining replica is an API instance on the test's database whose connections have
 * auto_explain tell them, as a notice, each statement's plan with the rows its scans looked at. By
 * default they plan every statement generically from its first run (`plan_cache_mode`), unprepared
 * ones included; `{ generic: false }` leaves the choice to PostgreSQL, as in production, where a
 * prepared statement's plan is chosen after its fifth run.
 */
const explainSettings: Record<string, string> = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_timing': 'off',
  'auto_explain.log_format': 'json',
  'auto_explain.log_level': 'notice',
};

export interface ExplainedStatement {
  /** The statement's text, its white space folded, cut to 160 characters. */
  text: string;
  /** Rows its scans looked at: those they gave and those their conditions turned down. */
  rowsRead: number;
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

function rowsReadBy(node: PlanNode): number {
  const own =
    node['Relation Name'] === undefined
      ? 0
      : ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1);
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadBy(child), 0);
}

export interface ExplainingReplica {
  app: App;
  /** The replica's own database handle: jobs run on it are explained too. */
  db: Database;
  /** The statements `work` sent through the replica, explained. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: ExplainedStatement[] }>;
  close(): Promise<void>;
}

/**
 * Starts an explaining replica of `t` (PostgreSQL only: TEST_DATABASE_URL). Fill and `analyze` the
 * tables first: its connections open now.
 */
export async function startExplainingReplica(
  t: TestApp,
  { generic = true }: { generic?: boolean } = {},
): Promise<ExplainingReplica> {
  let collected: ExplainedStatement[] | undefined;
  const onNotice = (notice: { message?: string }) => {
    const at = notice.message?.indexOf('plan:') ?? -1;
    if (!collected || at < 0 || !notice.message) return;
    const plan = JSON.parse(notice.message.slice(at + 'plan:'.length)) as {
      'Query Text': string;
      Plan: PlanNode;
    };
    collected.push({
      text: plan['Query Text'].replace(/\s+/g, ' ').trim().slice(0, 160),
      rowsRead: rowsReadBy(plan.Plan),
    });
  };
  const connect = pg.Client.prototype.connect as (...args: unknown[]) => unknown;
  pg.Client.prototype.connect = function connectListening(this: pg.Client, ...args: unknown[]) {
    this.on('notice', onNotice);
    return connect.apply(this, args);
  } as typeof pg.Client.prototype.connect;
  const database = await databaseNameOf(t.db);
  const settings = { ...explainSettings, plan_cache_mode: generic ? 'force_generic_plan' : 'auto' };
  for (const [name, value] of Object.entries(settings))
    await t.db.execute(sql.raw(`alter database "${database}" set ${name} = '${value}'`));
  const replica = await startReplica(t);
  return {
    app: replica.app,
    db: replica.db,
    async during(work) {
      collected = [];
      try {
        const result = await work();
        return { result, statements: collected };
      } finally {
        collected = undefined;
      }
    },
    async close() {
      await replica.close();
      pg.Client.prototype.connect = connect as typeof pg.Client.prototype.connect;
    },
  };
}

/** The statements that looked at more than `rows` rows, each as 'rows read, text'. */
export function costlyStatements(statements: ExplainedStatement[], rows: number): string[] {
  return statements
    .filter((statement) => statement.rowsRead > rows)
    .map((statement) => `${statement.rowsRead}\t${statement.text}`);
}

/** Every statement looked at `rows` rows at most (and auto_explain told of some). */
export function expectFewRowsRead(statements: ExplainedStatement[], rows: number): void {
  expect(statements.length, 'auto_explain told of no statement').toBeGreaterThan(0);
  expect(
    costlyStatements(statements, rows),
    statements.map((statement) => `${statement.rowsRead}\t${statement.text}`).join('\n'),
  ).toEqual([]);
}
