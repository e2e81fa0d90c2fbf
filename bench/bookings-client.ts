import http from 'node:http';
import { loadavg } from 'node:os';
import { type ProcessCpu, percentile } from './helpers';
import type { BookingsTarget } from './settings';
import type { StatementCounter } from './statements';

/** The bookings bench's figures, settings and its small keep-alive HTTP client (bookings.ts runs them). */

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

export const billing = {
  first_name: 'Bench',
  last_name: 'Customer',
  address_line_1: '1 Load Street',
  town: 'Leeds',
  postcode: 'LS1 1AA',
};

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
export const load = () => loadavg().map((value) => round(value, 2));

// ---- A small keep-alive HTTP client for the write flows ----------------------------------------------

export interface Answer {
  status: number;
  body: string;
  ms: number;
}

export function client(base: string, connections: number) {
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
export class Recorder {
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

export function figureOf(
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
export async function countStatements(
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

export type Call = ReturnType<typeof client>['call'];
