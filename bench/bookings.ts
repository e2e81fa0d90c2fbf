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
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BookingsFixture } from './bookings-seed';
import { cpuPerRequest, type ProcessCpu, percentile, processCpu } from './helpers';
import { type BookingsTarget, settings } from './settings';
import { type StatementCounter, statementCounter } from './statements';

export interface BookingsSettings {
  duration: number;
  /** The floor's port (floor-server.mjs; the bare server's, which has stopped by then). */
  floorPort: number;
  /** The targets to measure (BENCH_TARGETS; all by default). */
  targets: readonly BookingsTarget[];
  writeDuration: number;
  warmup: number;
  connections: number;
  raceRounds: number;
  appPort: number;
  logLevel: string;
  databaseUrl: string;
}

/** One measured target, in the same shape as run.ts's throughput figures plus statuses and load. */
export interface BookingsFigure {
  name: string;
  database: 'pglite' | 'postgres';
  kind: 'read' | 'write' | 'race' | 'floor' | 'release';
  /** Held to the PostgreSQL read budget (the whole-day v2/slots is reported without one). */
  budgeted: boolean;
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
  /**
   * Statements the database ran for one such request (pg_stat_statements; PostgreSQL with the
   * extension loaded only): the round trips the request costs, begin and commit included.
   */
  statementsPerRequest?: number;
  /**
   * CPU ms one request cost the server's processes (the API, or the floor's) and PostgreSQL's, over
   * the measurement: less moved by a busy neighbour than req/s, so a change shows in it across runs.
   */
  cpuMsPerRequest?: ProcessCpu;
  note?: string;
}

/** The release-time rush, checked in the database after it (PostgreSQL). */
export interface ReleaseCheck {
  members: number;
  sessions: number;
  capacity: number;
  /** Places sold (orders paid) and the members who were told the session was full. */
  paid: number;
  full: number;
  /** Sessions with more places booked or held than their capacity, or bookings beyond it. */
  oversold: number;
  /** Answers of 500 or more, and requests that got no answer. */
  serverErrors: number;
}

export interface BookingsRun {
  database: 'pglite' | 'postgres';
  release?: ReleaseCheck;
  fixture: {
    venue: string;
    activity: string;
    date: string;
    sessionsOnDate: number;
    timeGroupsOnDate: number;
    capacity: number;
  };
  figures: BookingsFigure[];
  problems: string[];
}

export interface BenchHooks {
  root: string;
  /** Node's arguments to start the API server: BENCH_API_NODE_ARGS (a CPU profile, say), then the entry. */
  serverArgs: string[];
  log(line: string): void;
  startProcess(
    label: string,
    args: string[],
    env: Record<string, string>,
  ): Promise<import('node:child_process').ChildProcess>;
  stopProcess(child: import('node:child_process').ChildProcess): Promise<void>;
  waitForUrl(url: string, child: import('node:child_process').ChildProcess, timeoutMs: number): Promise<void>;
}

const billing = {
  first_name: 'Bench',
  last_name: 'Customer',
  address_line_1: '1 Load Street',
  town: 'Leeds',
  postcode: 'LS1 1AA',
};

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const load = () => loadavg().map((value) => round(value, 2));

// ---- A small keep-alive HTTP client for the write flows ----------------------------------------------

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function client(base: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const url = new URL(base);
  const call = (method: string, pathName: string, token: string | null, body?: unknown): Promise<Answer> =>
    new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = performance.now();
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path: pathName,
          headers: {
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - started,
            }),
          );
        },
      );
      request.on('error', (error) =>
        resolve({ status: 0, body: error.message, ms: performance.now() - started }),
      );
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  return { call, close: () => agent.destroy() };
}

/** Latencies and statuses of one kind of request. */
class Recorder {
  readonly latencies: number[] = [];
  readonly statuses: Record<string, number> = {};
  errors = 0;
  add(answer: Answer): void {
    this.latencies.push(answer.ms);
    const key = String(answer.status);
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
    if (answer.status === 0) this.errors += 1;
  }
}

function figureOf(
  name: string,
  database: BookingsFigure['database'],
  kind: BookingsFigure['kind'],
  url: string,
  recorder: Recorder,
  durationS: number,
  loadAverage: number[],
  note?: string,
  statements?: Map<string, number>,
  cpuMsPerRequest?: ProcessCpu,
): BookingsFigure {
  const sorted = [...recorder.latencies].sort((a, b) => a - b);
  const statementsPerRequest = statements?.get(url);
  return {
    name,
    database,
    kind,
    budgeted: kind === 'race',
    url,
    durationS: round(durationS, 1),
    requests: sorted.length,
    requestsPerSecond: round(sorted.length / durationS),
    latencyP50Ms: round(percentile(sorted, 50), 1),
    latencyP99Ms: round(percentile(sorted, 99), 1),
    statuses: recorder.statuses,
    errors: recorder.errors,
    loadAverage,
    ...(statementsPerRequest === undefined ? {} : { statementsPerRequest }),
    ...(cpuMsPerRequest ? { cpuMsPerRequest } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * Statements per request of each path a write flow calls: connection 0 runs the flow alone for a
 * moment, each call counted on its own; the least count of each path is kept (a background job's
 * statement can land in one count). Empty without a counter (PGlite, or no pg_stat_statements).
 */
async function countStatements(
  counter: StatementCounter | undefined,
  call: Call,
  flow: (call: Call) => (index: number, until: number) => Promise<void>,
): Promise<Map<string, number>> {
  const least = new Map<string, number>();
  if (!counter) return least;
  const counted: Call = async (method, pathName, token, body) => {
    let answer: Answer | undefined;
    const statements = await counter.count(async () => {
      answer = await call(method, pathName, token, body);
    });
    const url = pathName.split('?')[0] ?? pathName;
    if (answer?.status === 200 && statements !== undefined)
      least.set(url, Math.min(least.get(url) ?? statements, statements));
    return answer as Answer;
  };
  await flow(counted)(0, performance.now() + 500);
  return least;
}

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

type Call = ReturnType<typeof client>['call'];

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

async function measureRace(
  hooks: BenchHooks,
  database: BookingsFigure['database'],
  call: Call,
  fixture: BookingsFixture,
): Promise<{ figure: BookingsFigure; problems: string[] }> {
  const racers = fixture.race.tokens;
  hooks.log(
    `${database}: last-place race: ${fixture.race.sessions.length} rounds of ${racers.length} cart/add`,
  );
  const recorder = new Recorder();
  const problems: string[] = [];
  let racing = 0;
  const loadAverage = load();
  for (const session of fixture.race.sessions) {
    const started = performance.now();
    const answers = await Promise.all(
      racers.map((token) =>
        call('POST', '/api/activities/cart/add', token, {
          items: [{ id: session, type: 'purchasableOccurrence' }],
        }),
      ),
    );
    racing += (performance.now() - started) / 1000;
    for (const answer of answers) recorder.add(answer);
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [racers[i] as string] : []));
    if (winners.length !== 1) problems.push(`last-place race on session ${session}: ${winners.length} x 200`);
    for (const winner of winners) await call('DELETE', '/api/activities/cart', winner);
  }
  const unexpected = Object.keys(recorder.statuses).filter(
    (status) => !['200', '409', '422'].includes(status),
  );
  if (unexpected.length > 0) problems.push(`last-place race: unexpected statuses ${unexpected.join(', ')}`);
  return {
    figure: figureOf(
      'last place: 50 x cart/add',
      database,
      'race',
      '/api/activities/cart/add',
      recorder,
      racing,
      loadAverage,
      `${fixture.race.sessions.length} rounds; each round one session with one place left and ${racers.length} customers adding it at once; req/s over the rounds' wall time`,
    ),
    problems,
  };
}

/**
 * The floor (PostgreSQL): floor-server.mjs in its own process on this run's database, measured by
 * autocannon at the same concurrency as the writes; each connection is one member on a session of its own.
 */
async function measureFloor(
  hooks: BenchHooks,
  settings: BookingsSettings,
  env: Record<string, string>,
  fixture: BookingsFixture,
  when: 'before' | 'after',
): Promise<BookingsFigure> {
  const floor = await hooks.startProcess('floor', [path.join(hooks.root, 'bench/floor-server.mjs')], {
    DATABASE_URL: env.DATABASE_URL ?? '',
    PORT: String(settings.floorPort),
    FLOOR_FIXTURE: JSON.stringify(fixture.floor),
  });
  try {
    const url = `http://127.0.0.1:${settings.floorPort}/book`;
    await hooks.waitForUrl(`http://127.0.0.1:${settings.floorPort}/`, floor, 10_000);
    const options = { url, method: 'POST', body: '{}', connections: settings.connections };
    await autocannon({ ...options, duration: settings.warmup });
    hooks.log(
      `postgres: floor (pg booking transaction, ${when} the writes): ${settings.writeDuration} s, ${settings.connections} connections`,
    );
    const loadAverage = load();
    const cpu = processCpu(floor.pid);
    const result = await autocannon({ ...options, duration: settings.writeDuration });
    const cpuMsPerRequest = cpuPerRequest(cpu, processCpu(floor.pid), result.requests.total);
    const statuses: Record<string, number> = {};
    for (const [status, entry] of Object.entries(result.statusCodeStats ?? {}))
      statuses[status] = entry.count;
    return {
      name: `floor: pg booking transaction (${when})`,
      database: 'postgres',
      kind: 'floor',
      budgeted: false,
      url: '/book (bench/floor-server.mjs)',
      durationS: round(result.duration, 1),
      requests: result.requests.total,
      requestsPerSecond: round(result.requests.average),
      latencyP50Ms: round(result.latency.p50, 1),
      latencyP99Ms: round(result.latency.p99, 1),
      statuses,
      errors: result.errors + result.timeouts,
      loadAverage,
      ...(cpuMsPerRequest ? { cpuMsPerRequest } : {}),
      note:
        'node:http + pg (pool of 10): begin; conditional UPDATE of the session (row lock + capacity); ' +
        'insert the basket line; insert its hold; commit. One member and session per connection (autocannon)',
    };
  } finally {
    await hooks.stopProcess(floor);
  }
}

/**
 * The release-time rush (PostgreSQL): sessions not bookable until now are released at one instant
 * (their first_bookable_at set to now), and every member strikes at once: `cart/add` of one of them
 * (a 409 is retried, as the message asks, up to three times), then `checkout/complete` by card when
 * it was added. Afterwards the database is counted: no session holds or books more than its capacity.
 */
async function measureRelease(
  hooks: BenchHooks,
  base: string,
  env: Record<string, string>,
  fixture: BookingsFixture,
): Promise<{ figures: BookingsFigure[]; check: ReleaseCheck; problems: string[] }> {
  const { tokens, sessions, capacity } = fixture.release;
  const rush = client(base, tokens.length);
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  const add = new Recorder();
  const complete = new Recorder();
  const problems: string[] = [];
  let full = 0;
  let paid = 0;
  try {
    const cardTokens: string[] = [];
    for (let i = 0; i < Math.min(50, tokens.length); i++) {
      const answer = await rush.call('POST', '/sandbox-pay/tokens', null, {
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
    // Before the release: not bookable yet.
    const early = await rush.call('POST', '/api/activities/cart/add', tokens[0] ?? null, {
      items: [{ id: sessions[0], type: 'purchasableOccurrence' }],
    });
    if (early.status !== 422) problems.push(`release: before the release cart/add answered ${early.status}`);
    hooks.log(
      `postgres: release-time rush: ${sessions.length} sessions released at once, ${tokens.length} members add one and pay`,
    );
    const loadAverage = load();
    await pool.query('update occurrences set first_bookable_at = now() where id = any($1::int[])', [
      sessions,
    ]);
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token, i) => {
        const session = sessions[i % sessions.length];
        let added: Answer | undefined;
        for (let attempt = 0; attempt < 4; attempt++) {
          added = await rush.call('POST', '/api/activities/cart/add', token, {
            items: [{ id: session, type: 'purchasableOccurrence' }],
          });
          add.add(added);
          if (added.status !== 409) break;
        }
        if (added?.status === 422) full += 1;
        if (added?.status !== 200) return;
        const cart = (JSON.parse(added.body) as { data: { balance: number; item_hash: string } }).data;
        const answer = await rush.call('POST', '/api/checkout/complete', token, {
          item_hash: cart.item_hash,
          source: 'bookings',
          terms: fixture.termIds,
          completed_waivers: [],
          payments: [{ tender_type: 'card', amount: cart.balance, info: null }],
          card: { token: cardTokens[i % cardTokens.length], save_card: false, billing },
        });
        complete.add(answer);
        if (answer.status === 200) paid += 1;
        else if (problems.length < 5)
          problems.push(`release: checkout ${answer.status} ${answer.body.slice(0, 160)}`);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const counted = await pool.query<{
      id: number;
      capacity: number;
      booked: number;
      held: number;
      bookings: number;
    }>(
      `select o.id, o.capacity, o.booked_count as booked, o.held_count as held,
         (select coalesce(sum(b.quantity), 0)::int from bookings b where b.occurrence_id = o.id and b.status = 'booked') as bookings
       from occurrences o where o.id = any($1::int[])`,
      [sessions],
    );
    const oversold = counted.rows.filter(
      (row) =>
        row.booked + row.held > row.capacity || row.bookings > row.capacity || row.bookings !== row.booked,
    ).length;
    const booked = counted.rows.reduce((n, row) => n + row.bookings, 0);
    if (booked !== paid) problems.push(`release: ${paid} checkouts paid but ${booked} places booked`);
    const statuses = [...Object.entries(add.statuses), ...Object.entries(complete.statuses)];
    const serverErrors = statuses
      .filter(([status]) => Number(status) >= 500 || status === '0')
      .reduce((n, [, count]) => n + count, 0);
    const note = `${tokens.length} members, ${sessions.length} sessions of ${capacity} places released at once; ${paid} paid, ${full} told full`;
    const both = new Recorder();
    for (const recorder of [add, complete]) {
      both.latencies.push(...recorder.latencies);
      for (const [status, count] of Object.entries(recorder.statuses))
        both.statuses[status] = (both.statuses[status] ?? 0) + count;
      both.errors += recorder.errors;
    }
    return {
      figures: [
        figureOf(
          'release: cart/add + checkout/complete',
          'postgres',
          'release',
          '/api/…',
          both,
          seconds,
          loadAverage,
          note,
        ),
        figureOf(
          'release: cart/add',
          'postgres',
          'release',
          '/api/activities/cart/add',
          add,
          seconds,
          loadAverage,
          note,
        ),
        figureOf(
          'release: checkout/complete',
          'postgres',
          'release',
          '/api/checkout/complete',
          complete,
          seconds,
          loadAverage,
          note,
        ),
      ].map((figure, index) => ({ ...figure, budgeted: index === 0 })),
      check: {
        members: tokens.length,
        sessions: sessions.length,
        capacity,
        paid,
        full,
        oversold,
        serverErrors,
      },
      problems,
    };
  } finally {
    rush.close();
    await pool.end();
  }
}

/** Runs `work` on one connection to the bench's PostgreSQL database (untimed set-up between targets). */
async function onBenchDatabase(url: string, work: (db: pg.Client) => Promise<void>): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await work(db);
  } finally {
    await db.end();
  }
}

/**
 * Takes the floor's bookings back, untimed: its members book their one session again and again (tens
 * of thousands of lines in fifty baskets, places far past any capacity), which is no state a real
 * database reaches and would skew what is measured after it.
 */
function undoFloor(env: Record<string, string>, fixture: BookingsFixture): Promise<void> {
  const carts = fixture.floor.members.map((member) => member.cartId);
  const sessions = fixture.floor.members.map((member) => member.occurrenceId);
  return onBenchDatabase(env.DATABASE_URL ?? '', async (db) => {
    await db.query('delete from cart_holds where cart_id = any($1::int[])', [carts]);
    await db.query('delete from cart_items where cart_id = any($1::int[])', [carts]);
    await db.query('update occurrences set held_count = 0 where id = any($1::int[])', [sessions]);
  });
}

/**
 * What autovacuum does between bursts on a production server: statistics for the planner and dead
 * rows cleared. The machines' PostgreSQL runs with autovacuum off (their CI settings), so without this
 * every statement is planned on a database that was never analysed, as no production one is. On
 * PGlite (no DATABASE_URL) the seed analysed what it wrote; the server's own upkeep is off in the
 * bench (run.ts), as it would land in a measurement.
 */
async function upkeep(env: Record<string, string>): Promise<void> {
  if (env.DATABASE_URL)
    await onBenchDatabase(env.DATABASE_URL, (db) => db.query('vacuum analyze').then(() => undefined));
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
