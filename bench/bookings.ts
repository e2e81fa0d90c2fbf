/**
 * The bookings part of the bench (issue 3, section 5), run by run.ts for each database: PGlite (a
 * fresh DATA_DIR) and PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, dropped after).
 *
 * For each: `bookings-seed.ts` migrates, seeds the demo operator and adds the bench's venue (200
 * sessions a day, 20 start times on 10 courts) and customers; then the built server starts on it and
 * one target at a time is measured:
 * - reads (autocannon, anonymous): `v2/times?date` for the whole day; `v2/slots?date&composite_key`
 *   (one time group of 10 courts: what the slot modal asks); `v2/slots?date` (all 200 slots);
 * - `cart/add` on its own (as the floor is one booking on its own): per connection, customers in turn
 *   each adding the connection's 3 sessions; then `cart/remove` of those lines, one at a time;
 * - `checkout/complete` on its own: per connection, customers (no credit) whose basket of one session
 *   was filled before (not timed), each paying with a sandbox card token (`POST /sandbox-pay/tokens`
 *   once per connection; the token is reused);
 * - the last-place race: per round, one session with one place left and one `cart/add` from each of
 *   50 customers at once; the winner's basket is discarded between rounds (not timed).
 * The load average at the start of each measurement is kept with it (the machine is shared).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type BenchHooks,
  type BookingsFigure,
  type BookingsRun,
  type BookingsSettings,
  billing,
  type Call,
  client,
  countStatements,
  figureOf,
  load,
  Recorder,
  type ReleaseCheck,
  round,
} from './bookings-client';
import { measureFloor, measureRace, measureRelease, undoFloor, upkeep } from './bookings-races';
import type { BookingsFixture } from './bookings-seed';
import { cpuPerRequest, processCpu } from './helpers';
import { type BookingsTarget, settings } from './settings';
import { type StatementCounter, statementCounter } from './statements';

export type { BenchHooks, BookingsFigure, BookingsRun, BookingsSettings, ReleaseCheck };

// ---- The measurements ------------------------------------------------------------------------------------

async function measureRead(
  hooks: BenchHooks,
  settings: BookingsSettings,
  database: BookingsFigure['database'],
  name: string,
  url: string,
  note: string,
  budgeted = true,
): Promise<BookingsFigure> {
  await autocannon({ url, connections: settings.connections, duration: settings.warmup });
  hooks.log(`${database}: ${name}: ${settings.duration} s, ${settings.connections} connections`);
  const loadAverage = load();
  const result = await autocannon({ url, connections: settings.connections, duration: settings.duration });
  const statuses: Record<string, number> = {};
  for (const [status, entry] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = entry.count;
  return {
    name,
    database,
    kind: 'read',
    budgeted,
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

/** Runs `worker` on every connection until the deadline; answers the elapsed seconds. */
async function closedLoop(
  connections: number,
  seconds: number,
  worker: (index: number, until: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index, until)));
  return (performance.now() - started) / 1000;
}

/** Runs `worker` over each connection's queue of tasks until the deadline or the queue's end. */
function fromQueues<Task>(queues: Task[][], work: (task: Task) => Promise<void>, ranOut: { count: number }) {
  return async (index: number, until: number) => {
    const queue = queues[index] ?? [];
    while (performance.now() < until) {
      const task = queue.shift();
      if (task === undefined) {
        ranOut.count += 1;
        return;
      }
      await work(task);
    }
  };
}

const ranOutNote = (ranOut: { count: number }) =>
  ranOut.count > 0 ? `; ${ranOut.count} connection(s) ran out of work before the end` : '';

/**
 * `cart/add` on its own, as the floor is one booking on its own: per connection, customers in turn each
 * add the connection's sessions to a basket of their own (3 lines, as a member books them). Then
 * `cart/remove` on its own: the lines just added, removed one at a time.
 */
async function measureCart(
  hooks: BenchHooks,
  settings: BookingsSettings,
  database: BookingsFigure['database'],
  call: Call,
  fixture: BookingsFixture,
  counter: StatementCounter | undefined,
  serverPid: number | undefined,
): Promise<BookingsFigure[]> {
  const add = new Recorder();
  const remove = new Recorder();
  const connections = Math.min(settings.connections, fixture.cartWorkers.length);
  type Line = { token: string; session: number };
  const toAdd: Line[][] = fixture.cartWorkers.map((worker) =>
    worker.tokens.flatMap((token) => worker.sessions.map((session) => ({ token, session }))),
  );
  /** Per connection, the lines added (their basket line ids), for the removals. */
  const toRemove: { token: string; itemId: number }[][] = fixture.cartWorkers.map(() => []);
  const addRanOut = { count: 0 };
  const removeRanOut = { count: 0 };
  const adding = (record: boolean, call: Call) => (index: number, until: number) =>
    fromQueues(
      toAdd,
      async ({ token, session }) => {
        const answer = await call('POST', '/api/activities/cart/add', token, {
          items: [{ id: session, type: 'purchasableOccurrence' }],
        });
        if (record) add.add(answer);
        if (answer.status !== 200) return;
        const items = (
          JSON.parse(answer.body) as {
            data: { items: { id: number; cartable_resource: { occurrence_id: number | null } | null }[] };
          }
        ).data.items;
        const line = items.find((item) => item.cartable_resource?.occurrence_id === session);
        if (line) toRemove[index]?.push({ token, itemId: line.id });
      },
      addRanOut,
    )(index, until);
  const removing = (record: boolean, call: Call) =>
    fromQueues(
      toRemove,
      async ({ token, itemId }) => {
        const answer = await call('POST', '/api/activities/cart/remove', token, { cart_item_ids: [itemId] });
        if (record) remove.add(answer);
      },
      removeRanOut,
    );

  const statements = await countStatements(counter, call, (counted) => adding(false, counted));
  await closedLoop(connections, settings.warmup, adding(false, call));
  hooks.log(`${database}: cart/add: ${settings.writeDuration} s, ${connections} connections`);
  const addLoad = load();
  const addCpu = processCpu(serverPid);
  const addSeconds = await closedLoop(connections, settings.writeDuration, adding(true, call));
  const addCost = cpuPerRequest(addCpu, processCpu(serverPid), add.latencies.length);
  for (const [url, count] of await countStatements(counter, call, (counted) => removing(false, counted)))
    statements.set(url, count);
  hooks.log(`${database}: cart/remove: ${settings.writeDuration} s, ${connections} connections`);
  const removeLoad = load();
  const removeCpu = processCpu(serverPid);
  const removeSeconds = await closedLoop(connections, settings.writeDuration, removing(true, call));
  const removeCost = cpuPerRequest(removeCpu, processCpu(serverPid), remove.latencies.length);
  return [
    figureOf(
      'POST cart/add',
      database,
      'write',
      '/api/activities/cart/add',
      add,
      addSeconds,
      addLoad,
      `${connections} connections, customers in turn each adding the connection's ${fixture.cartWorkers[0]?.sessions.length ?? 0} sessions${ranOutNote(addRanOut)}`,
      statements,
      addCost,
    ),
    figureOf(
      'POST cart/remove',
      database,
      'write',
      '/api/activities/cart/remove',
      remove,
      removeSeconds,
      removeLoad,
      `${connections} connections, removing the lines just added, one at a time${ranOutNote(removeRanOut)}`,
      statements,
      removeCost,
    ),
  ];
}

/**
 * `checkout/complete` on its own: per connection, customers (no credit) whose baskets were filled
 * before the measurement (one session each, not timed), each paying by sandbox card.
 */
async function measureCheckout(
  hooks: BenchHooks,
  settings: BookingsSettings,
  database: BookingsFigure['database'],
  call: Call,
  fixture: BookingsFixture,
  counter: StatementCounter | undefined,
  /** Run after the baskets are filled, before the payments are measured (the database's upkeep). */
  settle: () => Promise<void>,
  serverPid: number | undefined,
): Promise<BookingsFigure[]> {
  const complete = new Recorder();
  const failures: string[] = [];
  const connections = Math.min(settings.connections, fixture.checkoutWorkers.length);
  // A card token per connection, as the provider's frame would give one (tokens are signed, not stored).
  const cardTokens: string[] = [];
  for (let i = 0; i < connections; i++) {
    const answer = await call('POST', '/sandbox-pay/tokens', null, {
      card_number: '4242 4242 4242 4242',
      expiry_month: 12,
      expiry_year: new Date().getFullYear() + 3,
      cvc: '123',
      name: 'Bench Customer',
    });
    const token = answer.status === 200 ? (JSON.parse(answer.body) as { token?: string }).token : undefined;
    if (!token) throw new Error(`sandbox card token: ${answer.status} ${answer.body}`);
    cardTokens.push(token);
  }
  hooks.log(`${database}: checkout/complete: filling the customers' baskets (not timed)`);
  type Basket = { token: string; balance: number; itemHash: string };
  const baskets: Basket[][] = fixture.checkoutWorkers.map(() => []);
  const filled = await Promise.all(
    fixture.checkoutWorkers.slice(0, connections).map(async (worker, index) => {
      let refused = 0;
      for (const [i, token] of worker.tokens.entries()) {
        const session = worker.sessions[i % worker.sessions.length];
        const added = await call('POST', '/api/activities/cart/add', token, {
          items: [{ id: session, type: 'purchasableOccurrence' }],
        });
        if (added.status !== 200) {
          refused += 1;
          continue;
        }
        const cart = (JSON.parse(added.body) as { data: { balance: number; item_hash: string } }).data;
        baskets[index]?.push({ token, balance: cart.balance, itemHash: cart.item_hash });
      }
      return refused;
    }),
  );
  const refused = filled.reduce((sum, count) => sum + count, 0);
  if (refused > 0) hooks.log(`${database}: ${refused} basket(s) could not be filled`);
  await settle();
  const ranOut = { count: 0 };
  const paying = (record: boolean, call: Call) => (index: number, until: number) =>
    fromQueues(
      baskets,
      async ({ token, balance, itemHash }) => {
        const paid = await call('POST', '/api/checkout/complete', token, {
          item_hash: itemHash,
          source: 'bookings',
          terms: fixture.termIds,
          completed_waivers: [],
          payments: [{ tender_type: 'card', amount: balance, info: null }],
          card: { token: cardTokens[index], save_card: false, billing },
        });
        if (record) complete.add(paid);
        if (paid.status !== 200 && failures.length < 3)
          failures.push(`${paid.status} ${paid.body.slice(0, 200)}`);
      },
      ranOut,
    )(index, until);
  const statements = await countStatements(counter, call, (counted) => paying(false, counted));
  await closedLoop(connections, settings.warmup, paying(false, call));
  hooks.log(`${database}: checkout/complete: ${settings.writeDuration} s, ${connections} connections`);
  const loadAverage = load();
  const cpu = processCpu(serverPid);
  const seconds = await closedLoop(connections, settings.writeDuration, paying(true, call));
  const cost = cpuPerRequest(cpu, processCpu(serverPid), complete.latencies.length);
  const note =
    `${connections} connections, customers (no credit) each paying by sandbox card for a basket of one session filled before` +
    ranOutNote(ranOut) +
    (failures.length > 0 ? `; first failures: ${failures.join(' | ')}` : '');
  return [
    figureOf(
      'POST checkout/complete',
      database,
      'write',
      '/api/checkout/complete',
      complete,
      seconds,
      loadAverage,
      note,
      statements,
      cost,
    ),
  ];
}

// ---- One database ----------------------------------------------------------------------------------------

function runSeed(hooks: BenchHooks, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(hooks.root, 'bench/bookings-seed.ts'), ...args],
      {
        cwd: hooks.root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`bookings-seed ${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}

/**
 * The server environment for one database: PGlite (no DATABASE_URL), or a fresh PostgreSQL database
 * created on `serverUrl` (its name is returned so the caller drops it afterwards).
 */
export async function benchDatabaseEnv(
  hooks: BenchHooks,
  database: 'pglite' | 'postgres',
  serverUrl: string,
  serverEnv: Record<string, string>,
  prefix: string,
): Promise<{ env: Record<string, string>; dropName: string | undefined }> {
  const env: Record<string, string> = { ...serverEnv };
  if (database !== 'postgres') {
    delete env.DATABASE_URL;
    return { env, dropName: undefined };
  }
  const dropName = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await runSeed(hooks, ['create-database', serverUrl, dropName], serverEnv);
  const url = new URL(serverUrl);
  url.pathname = `/${dropName}`;
  env.DATABASE_URL = url.toString();
  // BENCH_API_WORKERS: API processes on PostgreSQL (API_WORKERS); the embedded database has one.
  if (settings.apiWorkers) env.API_WORKERS = settings.apiWorkers;
  return { env, dropName };
}

/** Drops the database `benchDatabaseEnv` made (none on PGlite); a failure is kept as a problem. */
export async function dropBenchDatabase(
  hooks: BenchHooks,
  serverUrl: string,
  dropName: string | undefined,
  serverEnv: Record<string, string>,
  problems: string[],
): Promise<void> {
  if (!dropName) return;
  if (process.env.BENCH_KEEP_DATABASE) {
    hooks.log(`kept the bench's database ${dropName} (BENCH_KEEP_DATABASE)`);
    return;
  }
  await runSeed(hooks, ['drop-database', serverUrl, dropName], serverEnv).catch((error: unknown) =>
    problems.push(`could not drop ${dropName}: ${(error as Error).message}`),
  );
}

export async function runBookings(
  hooks: BenchHooks,
  settings: BookingsSettings,
  database: BookingsFigure['database'],
  serverEnv: Record<string, string>,
): Promise<BookingsRun> {
  const { env, dropName } = await benchDatabaseEnv(
    hooks,
    database,
    settings.databaseUrl,
    serverEnv,
    'leisure_bench',
  );
  const problems: string[] = [];
  const figures: BookingsFigure[] = [];
  let fixture: BookingsFixture | undefined;
  let release: ReleaseCheck | undefined;
  try {
    hooks.log(`${database}: seeding the bench venue (200 sessions a day) and customers`);
    const out = await runSeed(hooks, [], {
      ...env,
      BENCH_CONNECTIONS: String(settings.connections),
      BENCH_RACE_ROUNDS: String(settings.raceRounds),
    });
    const line = out.trim().split('\n').at(-1) ?? '';
    fixture = JSON.parse(line) as BookingsFixture;
    // The floor first, alone on the database (the API server is not started yet), on a database
    // kept as every later measurement's is: right after the seed, its first run was slower than its
    // run after the writes in 12 of 14 runs (the seed's rows not yet vacuumed or analysed), which
    // flattered the ratios to it.
    const wanted = (target: BookingsTarget) => settings.targets.includes(target);
    if (database === 'postgres' && wanted('floor')) {
      await upkeep(env);
      figures.push(await measureFloor(hooks, settings, env, fixture, 'before'));
      await undoFloor(env, fixture);
    }
    await upkeep(env);
    const app = await hooks.startProcess(`api ${database}`, hooks.serverArgs, env);
    const base = `http://127.0.0.1:${settings.appPort}`;
    const http = client(base, settings.connections);
    const counter = env.DATABASE_URL ? await statementCounter(env.DATABASE_URL) : undefined;
    if (env.DATABASE_URL && !counter)
      hooks.log(
        `${database}: statements per request not counted (the server does not load pg_stat_statements)`,
      );
    try {
      await hooks.waitForUrl(`${base}/api/health`, app, 180_000);
      const activity = `${base}/api/activities/venue/${fixture.venueSlug}/activity/${fixture.activitySlug}`;
      const times = await fetch(`${activity}/v2/times?date=${fixture.readDate}`);
      const groups = ((await times.json()) as { data: { composite_key: string }[] }).data;
      const key = groups[Math.floor(groups.length / 2)]?.composite_key;
      if (groups.length !== fixture.timeGroupsOnReadDate || !key) {
        problems.push(
          `${database}: v2/times answered ${groups.length} times, not ${fixture.timeGroupsOnReadDate}`,
        );
      }
      if (wanted('reads')) {
        figures.push(
          await measureRead(
            hooks,
            settings,
            database,
            'GET v2/times',
            `${activity}/v2/times?date=${fixture.readDate}`,
            `the whole day: ${fixture.sessionsOnReadDate} sessions as ${fixture.timeGroupsOnReadDate} start times`,
          ),
        );
        figures.push(
          await measureRead(
            hooks,
            settings,
            database,
            'GET v2/slots (one time)',
            `${activity}/v2/slots?date=${fixture.readDate}&composite_key=${key}`,
            'one time group of 10 courts (what the slot modal asks)',
          ),
        );
        figures.push(
          await measureRead(
            hooks,
            settings,
            database,
            'GET v2/slots (whole day)',
            `${activity}/v2/slots?date=${fixture.readDate}`,
            `all ${fixture.sessionsOnReadDate} slots of the day (about 280 KB an answer; reported, no budget)`,
            false,
          ),
        );
      }
      if (wanted('cart'))
        figures.push(...(await measureCart(hooks, settings, database, http.call, fixture, counter, app.pid)));
      if (wanted('checkout'))
        figures.push(
          ...(await measureCheckout(
            hooks,
            settings,
            database,
            http.call,
            fixture,
            counter,
            () => upkeep(env),
            app.pid,
          )),
        );
      // The floor again, after the writes it is the reference of (the API server idle meanwhile).
      if (database === 'postgres' && wanted('floor') && (wanted('cart') || wanted('checkout'))) {
        await upkeep(env);
        figures.push(await measureFloor(hooks, settings, env, fixture, 'after'));
        await undoFloor(env, fixture);
      }
      if (wanted('race')) {
        const race = await measureRace(hooks, database, http.call, fixture);
        figures.push(race.figure);
        problems.push(...race.problems.map((problem) => `${database}: ${problem}`));
      }
      if (database === 'postgres' && wanted('release')) {
        await upkeep(env);
        const rush = await measureRelease(hooks, base, env, fixture);
        figures.push(...rush.figures);
        release = rush.check;
        problems.push(...rush.problems.map((problem) => `${database}: ${problem}`));
      }
    } finally {
      http.close();
      await counter?.close();
      await hooks.stopProcess(app);
    }
  } finally {
    await dropBenchDatabase(hooks, settings.databaseUrl, dropName, serverEnv, problems);
  }
  return {
    database,
    ...(release ? { release } : {}),
    fixture: {
      venue: fixture?.venueSlug ?? '',
      activity: fixture?.activitySlug ?? '',
      date: fixture?.readDate ?? '',
      sessionsOnDate: fixture?.sessionsOnReadDate ?? 0,
      timeGroupsOnDate: fixture?.timeGroupsOnReadDate ?? 0,
      capacity: fixture?.capacity ?? 0,
    },
    figures,
    problems,
  };
}
