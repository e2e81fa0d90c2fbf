import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  type Answer,
  type BenchHooks,
  type BookingsFigure,
  type BookingsSettings,
  billing,
  type Call,
  client,
  figureOf,
  load,
  Recorder,
  type ReleaseCheck,
  round,
} from './bookings-client';
import type { BookingsFixture } from './bookings-seed';
import { cpuPerRequest, processCpu } from './helpers';

/** The bookings bench's contended measurements: the last-place race, the floor and the release-time rush. */

export async function measureRace(
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
export async function measureFloor(
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
export async function measureRelease(
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
export async function onBenchDatabase(url: string, work: (db: pg.Client) => Promise<void>): Promise<void> {
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
export function undoFloor(env: Record<string, string>, fixture: BookingsFixture): Promise<void> {
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
export async function upkeep(env: Record<string, string>): Promise<void> {
  if (env.DATABASE_URL)
    await onBenchDatabase(env.DATABASE_URL, (db) => db.query('vacuum analyze').then(() => undefined));
}
