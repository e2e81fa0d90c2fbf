/**
 * The my-account part of the bench (issue 5, section 4), run by run.ts for each database: PGlite
 * (a fresh DATA_DIR) and PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, dropped after).
 *
 * The built server seeds the demo operator, including history@example.com: a member with two years
 * of history (hundreds of bookings and the orders that made them). Signed in as that member, the
 * bench measures the calls the dashboard makes (the user, the next booking) and the long lists
 * behind it (previous bookings, order history, memberships), one target at a time (autocannon).
 */
import { type BenchHooks, benchDatabaseEnv, dropBenchDatabase } from './bookings';
import { type JoiningFigure, type JoiningSettings, logIn, measure, statusProblems } from './joining';
import { settings as benchSettings } from './settings';

export const historyMember = { username: 'history@example.com', password: 'Member-Pass-1' } as const;

/**
 * The budgets of this part (issue 16), each on the database it is held to at 50 connections: the long
 * lists on PostgreSQL (the server a busy centre runs), the page-load calls on the embedded PGlite (the
 * default a fresh install runs).
 */
const accountBudgets: { name: string; database: 'pglite' | 'postgres'; p99Ms: number }[] = [
  { name: 'GET my-account/bookings past', database: 'postgres', p99Ms: 60 },
  { name: 'GET my-account/orders', database: 'postgres', p99Ms: 60 },
  { name: 'GET auth/user (dashboard)', database: 'pglite', p99Ms: 150 },
  { name: 'GET my-account/bookings future (dashboard)', database: 'pglite', p99Ms: 150 },
  { name: 'GET my-account/user/memberships', database: 'pglite', p99Ms: 150 },
];

const databaseLabel = (database: 'pglite' | 'postgres') => (database === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** One check per budget whose database was measured (a missing figure is a failed check). */
export function accountChecks(
  runs: AccountRun[],
): { name: string; value: string; target: string; pass: boolean }[] {
  return accountBudgets.flatMap((budget) => {
    const run = runs.find((r) => r.database === budget.database);
    if (!run) return [];
    const figure = run.figures.find((f) => f.name === budget.name);
    return [
      {
        name: `${databaseLabel(budget.database)} ${budget.name} p99`,
        value: figure ? `${figure.latencyP99Ms} ms` : 'missing',
        target: `<= ${budget.p99Ms} ms`,
        pass: figure !== undefined && figure.requests > 0 && figure.latencyP99Ms <= budget.p99Ms,
      },
    ];
  });
}

/** PGlite and PostgreSQL side by side, per call: req/s and p99, with the budget where one applies. */
export function accountSideBySide(runs: AccountRun[]): string[] {
  const pglite = runs.find((run) => run.database === 'pglite');
  const postgres = runs.find((run) => run.database === 'postgres');
  const names = [...new Set(runs.flatMap((run) => run.figures.map((figure) => figure.name)))];
  const cell = (run: AccountRun | undefined, name: string) => {
    const figure = run?.figures.find((f) => f.name === name);
    return figure ? `${figure.requestsPerSecond} req/s, p99 ${figure.latencyP99Ms} ms` : '-';
  };
  const lines = [`  ${'call'.padEnd(44)}${'PGlite'.padEnd(28)}${'PostgreSQL'.padEnd(28)}budget (p99)`];
  for (const name of names) {
    const budget = accountBudgets.find((b) => b.name === name);
    lines.push(
      `  ${name.padEnd(44)}${cell(pglite, name).padEnd(28)}${cell(postgres, name).padEnd(28)}${budget ? `<= ${budget.p99Ms} ms on ${databaseLabel(budget.database)}` : ''}`,
    );
  }
  return lines;
}

export interface AccountRun {
  database: 'pglite' | 'postgres';
  /** How much history the measured member has (counted through the API). */
  fixture: { pastBookings: number; upcomingBookings: number; orders: number };
  figures: JoiningFigure[];
  problems: string[];
}

async function countOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { data?: unknown[]; meta?: { pagination?: { total_records?: number } } };
  return body.meta?.pagination?.total_records ?? body.data?.length ?? 0;
}

export async function runAccount(
  hooks: BenchHooks,
  settings: Omit<JoiningSettings, 'member'>,
  database: AccountRun['database'],
  serverEnv: Record<string, string>,
): Promise<AccountRun> {
  const { env, dropName } = await benchDatabaseEnv(
    hooks,
    database,
    settings.databaseUrl,
    serverEnv,
    'leisure_bench_account',
  );
  const problems: string[] = [];
  const figures: JoiningFigure[] = [];
  const fixture: AccountRun['fixture'] = { pastBookings: 0, upcomingBookings: 0, orders: 0 };
  const run = { ...settings, member: historyMember };
  try {
    hooks.log(`${database}: starting the API server on a fresh seeded database`);
    const app = await hooks.startProcess(`api ${database}`, hooks.serverArgs, env);
    const base = `http://127.0.0.1:${settings.appPort}`;
    try {
      await hooks.waitForUrl(`${base}/api/health`, app, 180_000);
      const token = await logIn(base, historyMember);
      const headers = { authorization: `Bearer ${token}` };
      fixture.pastBookings = await countOf(`${base}/api/my-account/bookings?filter=past`, headers);
      fixture.upcomingBookings = await countOf(`${base}/api/my-account/bookings?filter=future`, headers);
      fixture.orders = await countOf(`${base}/api/my-account/orders`, headers);
      const note = `${historyMember.username}: ${fixture.pastBookings} past and ${fixture.upcomingBookings} upcoming bookings, ${fixture.orders} orders`;
      const targets: [string, string][] = [
        ['GET auth/user (dashboard)', '/api/auth/user'],
        ['GET my-account/bookings future (dashboard)', '/api/my-account/bookings?filter=future'],
        ['GET my-account/bookings past', '/api/my-account/bookings?filter=past'],
        ['GET my-account/orders', '/api/my-account/orders'],
        ['GET my-account/user/memberships', '/api/my-account/user/memberships'],
      ];
      for (const [name, pathAndQuery] of targets) {
        // As the browser asks (it always offers gzip); BENCH_ACCOUNT_IDENTITY=1 measures uncompressed answers.
        const asked = benchSettings.accountIdentity
          ? headers
          : { ...headers, 'accept-encoding': 'gzip, deflate, br' };
        figures.push(await measure(hooks, run, database, name, `${base}${pathAndQuery}`, note, asked));
      }
    } finally {
      await hooks.stopProcess(app);
    }
  } finally {
    await dropBenchDatabase(hooks, settings.databaseUrl, dropName, serverEnv, problems);
  }
  if (fixture.pastBookings < 100) {
    problems.push(`${database}: ${historyMember.username} has only ${fixture.pastBookings} past bookings`);
  }
  problems.push(...statusProblems(database, figures));
  return { database, fixture, figures, problems };
}
