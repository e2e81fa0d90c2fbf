/**
 * The joining part of the bench (issue 4, section 3), run by run.ts for each database: PGlite (a
 * fresh DATA_DIR) and PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, dropped after).
 *
 * The built server migrates and seeds the demo operator on start; the bench then picks the seeded
 * venue that sells the most membership types, one of its types with a monthly (recurring) payment
 * option, signs in the demo member, and measures one target at a time (autocannon):
 * - `GET /api/memberships/types?venue_id` anonymously, and with the member's bearer token (its
 *   eligibility and live memberships are then read too);
 * - `GET /api/memberships/types/{typeId}/payment-options/{optionId}?start_date&billing_day&venue_id`
 *   (the cost breakdown of the monthly option, a week ahead, billing on the 1st).
 * The load average at the start of each measurement is kept with it (the machine is shared).
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { type BenchHooks, benchDatabaseEnv, dropBenchDatabase } from './bookings';

export interface JoiningSettings {
  duration: number;
  warmup: number;
  connections: number;
  appPort: number;
  databaseUrl: string;
  member: { username: string; password: string };
}

export interface JoiningFigure {
  name: string;
  database: 'pglite' | 'postgres';
  url: string;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  /** 1, 5 and 15 minute load averages when the measurement started (2 cores, shared). */
  loadAverage: number[];
  note: string;
}

export interface JoiningRun {
  database: 'pglite' | 'postgres';
  fixture: {
    venueId: number;
    venueSlug: string;
    typesAtVenue: number;
    typeId: number;
    optionId: number;
    startDate: string;
    billingDay: number;
  };
  figures: JoiningFigure[];
  problems: string[];
}

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

interface VenueRow {
  id: number;
  slug: string;
}
interface TypeRow {
  id: number;
  payment_options: { id: number; payment_type: string }[];
}

async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json', ...headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** The seeded venue selling the most membership types, and a type with a monthly option there. */
export async function joiningFixture(
  base: string,
): Promise<Omit<JoiningRun['fixture'], 'startDate' | 'billingDay'>> {
  const venues = (await getJson<{ data: VenueRow[] }>(`${base}/api/online-joining/venues`)).data;
  let best: { venue: VenueRow; types: TypeRow[] } | undefined;
  for (const venue of venues) {
    const types = (await getJson<{ data: TypeRow[] }>(`${base}/api/memberships/types?venue_id=${venue.id}`))
      .data;
    if (!best || types.length > best.types.length) best = { venue, types };
  }
  if (!best) throw new Error('the seed has no venues for online joining');
  for (const type of best.types) {
    const option = type.payment_options.find((o) => o.payment_type === 'recurring');
    if (option) {
      return {
        venueId: best.venue.id,
        venueSlug: best.venue.slug,
        typesAtVenue: best.types.length,
        typeId: type.id,
        optionId: option.id,
      };
    }
  }
  throw new Error(`venue ${best.venue.slug} sells no membership with a monthly option`);
}

/** Signs a member in; answers the bearer token. */
export async function logIn(base: string, member: JoiningSettings['member']): Promise<string> {
  const response = await fetch(`${base}/api/auth/customer/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(member),
  });
  const text = await response.text();
  const token = response.ok ? (JSON.parse(text) as { token?: string }).token : undefined;
  if (!token) throw new Error(`login as ${member.username}: ${response.status} ${text.slice(0, 200)}`);
  return token;
}

/** Warms up, then measures one URL under load (autocannon), keeping the load average beside it. */
export async function measure(
  hooks: BenchHooks,
  settings: JoiningSettings,
  database: JoiningFigure['database'],
  name: string,
  url: string,
  note: string,
  headers: Record<string, string> = {},
): Promise<JoiningFigure> {
  await autocannon({ url, connections: settings.connections, duration: settings.warmup, headers });
  hooks.log(`${database}: ${name}: ${settings.duration} s, ${settings.connections} connections`);
  const loadAverage = loadavg().map((value) => round(value, 2));
  const result = await autocannon({
    url,
    connections: settings.connections,
    duration: settings.duration,
    headers,
  });
  const statuses: Record<string, number> = {};
  for (const [status, entry] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = entry.count;
  return {
    name,
    database,
    url,
    durationS: round(result.duration, 1),
    requests: result.requests.total,
    requestsPerSecond: round(result.requests.average),
    latencyP50Ms: round(result.latency.p50, 1),
    latencyP99Ms: round(result.latency.p99, 1),
    statuses,
    errors: result.errors + result.timeouts,
    loadAverage,
    note,
  };
}

/** A problem line for each figure that saw an answer other than 200, or errors. */
export function statusProblems(database: string, figures: JoiningFigure[]): string[] {
  const problems: string[] = [];
  for (const figure of figures) {
    const other = Object.entries(figure.statuses).filter(([status]) => status !== '200');
    if (other.length > 0 || figure.errors > 0) {
      const answers = other.map(([status, n]) => `${n} x ${status}`).join(', ') || 'no non-200';
      problems.push(`${database} ${figure.name}: ${answers}; ${figure.errors} errors`);
    }
  }
  return problems;
}

/** 'YYYY-MM-DD', `days` after today (UTC; the API allows today to a month ahead). */
function dateAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function runJoining(
  hooks: BenchHooks,
  settings: JoiningSettings,
  database: JoiningFigure['database'],
  serverEnv: Record<string, string>,
): Promise<JoiningRun> {
  const { env, dropName } = await benchDatabaseEnv(
    hooks,
    database,
    settings.databaseUrl,
    serverEnv,
    'leisure_bench_join',
  );
  const problems: string[] = [];
  const figures: JoiningFigure[] = [];
  const startDate = dateAhead(7);
  const billingDay = 1;
  let fixture: JoiningRun['fixture'] | undefined;
  try {
    hooks.log(`${database}: starting the API server on a fresh seeded database`);
    const app = await hooks.startProcess(`api ${database}`, hooks.serverArgs, env);
    const base = `http://127.0.0.1:${settings.appPort}`;
    try {
      await hooks.waitForUrl(`${base}/api/health`, app, 180_000);
      fixture = { ...(await joiningFixture(base)), startDate, billingDay };
      const types = `${base}/api/memberships/types?venue_id=${fixture.venueId}`;
      const typesNote = `${fixture.typesAtVenue} types sold at ${fixture.venueSlug}`;
      figures.push(
        await measure(hooks, settings, database, 'GET memberships/types (anonymous)', types, typesNote),
      );
      try {
        const token = await logIn(base, settings.member);
        figures.push(
          await measure(
            hooks,
            settings,
            database,
            'GET memberships/types (customer)',
            types,
            `${typesNote}; bearer token of ${settings.member.username}`,
            { authorization: `Bearer ${token}` },
          ),
        );
      } catch (error) {
        problems.push(
          `${database}: memberships/types as a customer not measured: ${(error as Error).message}`,
        );
      }
      const price =
        `${base}/api/memberships/types/${fixture.typeId}/payment-options/${fixture.optionId}` +
        `?start_date=${startDate}&billing_day=${billingDay}&venue_id=${fixture.venueId}`;
      const priced = await fetch(price);
      if (priced.status !== 200) problems.push(`${database}: ${price} answered ${priced.status}`);
      await priced.arrayBuffer();
      figures.push(
        await measure(
          hooks,
          settings,
          database,
          'GET payment-options price',
          price,
          `type ${fixture.typeId}, monthly option ${fixture.optionId}, anonymous`,
        ),
      );
    } finally {
      await hooks.stopProcess(app);
    }
  } finally {
    await dropBenchDatabase(hooks, settings.databaseUrl, dropName, serverEnv, problems);
  }
  problems.push(...statusProblems(database, figures));
  return {
    database,
    fixture: fixture ?? {
      venueId: 0,
      venueSlug: '',
      typesAtVenue: 0,
      typeId: 0,
      optionId: 0,
      startDate,
      billingDay,
    },
    figures,
    problems,
  };
}
