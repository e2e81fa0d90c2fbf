/** The bench's settings (from the environment), budgets and paths, read once when it starts. */
import path from 'node:path';

export const here = import.meta.dirname;
export const root = path.resolve(here, '..');
export const webDist = path.join(root, 'apps/web/dist');
export const serverEntry = path.join(root, 'apps/api/dist/server.js');

const parts = ['api', 'bookings', 'joining', 'account', 'pages', 'uploads'] as const;
type Part = (typeof parts)[number];
const only = (process.env.BENCH_ONLY ?? parts.join(','))
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of only) {
  if (!parts.includes(part as Part))
    throw new Error(`BENCH_ONLY: unknown part ${part} (use ${parts.join(',')})`);
}
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
for (const name of databases) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_DATABASES: unknown database ${name}`);
}

export const bookingsTargetNames = ['floor', 'reads', 'cart', 'checkout', 'race', 'release'] as const;
export type BookingsTarget = (typeof bookingsTargetNames)[number];

function bookingsTargetsFrom(value: string | undefined): BookingsTarget[] {
  if (!value) return [...bookingsTargetNames];
  const targets = value.split(',').map((target) => target.trim());
  for (const target of targets) {
    if (!bookingsTargetNames.includes(target as BookingsTarget))
      throw new Error(`BENCH_TARGETS: unknown target ${target} (use ${bookingsTargetNames.join(',')})`);
  }
  return targets as BookingsTarget[];
}

export const settings = {
  only,
  databases,
  duration: Number(process.env.BENCH_DURATION ?? 10),
  writeDuration: Number(process.env.BENCH_WRITE_DURATION ?? 8),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  raceRounds: Number(process.env.BENCH_RACE_ROUNDS ?? 20),
  databaseUrl:
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  lighthouseRuns: Number(process.env.BENCH_LH_RUNS ?? 5),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  appPort: Number(process.env.BENCH_PORT ?? 4551),
  barePort: Number(process.env.BENCH_BARE_PORT ?? 4550),
  /** The floor's port: the bare server's by default (it has stopped before the floor starts). */
  floorPort: Number(process.env.BENCH_FLOOR_PORT ?? process.env.BENCH_BARE_PORT ?? 4550),
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  /** Node options for the API server of every part (the api part's too), e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
  apiNodeArgs: (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
  /** The bookings part's targets to run (BENCH_TARGETS, e.g. `cart` to profile cart/add alone). */
  bookingsTargets: bookingsTargetsFrom(process.env.BENCH_TARGETS),
  /** API processes on PostgreSQL (BENCH_API_WORKERS, the server's API_WORKERS); unset: the server's default. */
  apiWorkers: process.env.BENCH_API_WORKERS,
  /** BENCH_ACCOUNT_IDENTITY=1: the account part asks for uncompressed answers, not as a browser does. */
  accountIdentity: process.env.BENCH_ACCOUNT_IDENTITY === '1',
  /** The uploads part: requests per second to each target beside the hostile uploads. */
  uploadsRate: Number(process.env.BENCH_UPLOADS_RATE ?? 100),
};

export const budgets = {
  themeToBareRatio: 0.6,
  /** On PostgreSQL, at 50 connections: v2/times and v2/slots. */
  postgresReadRps: 1500,
  postgresReadP99Ms: 50,
  /** On PostgreSQL: 50 customers racing for a last place; only 200, 409 and 422 answers. */
  raceP99Ms: 500,
  /**
   * On PostgreSQL, at 50 connections, beside the floor (floor-server.mjs: the minimal booking
   * transaction written with pg) in the same run: cart/add and checkout/complete as fractions of it.
   */
  cartAddToFloor: 0.5,
  checkoutToFloor: 0.3,
  writeP99Ms: 250,
  /** The release-time rush: every request (cart/add and checkout/complete) within this p99. */
  releaseP99Ms: 1000,
  initialJsKb: 150,
  /**
   * Pages (decision 027), on the embedded PGlite default: arriving at this rate, each is sent with
   * its first view within the p99; saturated, none waits past the p99 (the template goes instead).
   */
  pageRate: 20,
  pageFirstViewShare: 0.95,
  pageP99Ms: 250,
  saturatedPageP99Ms: 1000,
  /** Lighthouse mobile (simulated slow 4G, 4x CPU): most members book on a phone (issue 16). */
  lighthousePerformance: 90,
  lighthouseLcpMs: 2500,
  lighthouseCls: 0.02,
  lighthouseAccessibility: 100,
};

export const demoMember = { username: 'member@example.com', password: 'Member-Pass-1' };

export const has = (part: Part) => settings.only.includes(part);
