/**
 * 7. A hostile upload beside other requests (issue 44), on PGlite and then on PostgreSQL: the p99 of `GET /api/health` and of a member
 * read (`GET /api/auth/user` with a bearer token), each at a steady arrival rate, first on a quiet
 * server, then while a member uploads the hostile PDF (a deflate bomb in 100 small streams,
 * built by apps/api's hostile-pdfs.ts) again and again, one upload at a time, from another process
 * (upload-loop.mjs). Budgets: each p99 with
 * the uploads within 2x of the quiet one, and every upload refused (422) within 5 s.
 *
 * `BENCH_ONLY=uploads npm run bench -w @leisure/bench` after a build runs this part alone; settings:
 * BENCH_DURATION (s per phase), BENCH_UPLOADS_RATE (requests per second per target, 100).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { deflateBombPdf } from '../apps/api/src/modules/uploads/hostile-pdfs';
import { type BenchHooks, benchDatabaseEnv, dropBenchDatabase } from './bookings';
import { percentile, round, sleep } from './helpers';
import { logIn } from './joining';
import type { Check } from './report';

export interface UploadsSettings {
  duration: number;
  appPort: number;
  rate: number;
  databaseUrl: string;
}

interface TargetFigure {
  name: string;
  requests: number;
  non2xx: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

interface Phase {
  phase: 'quiet' | 'hostile uploads';
  /** At the first round's start (quiet) and after the last (hostile uploads). */
  loadAverage: number[];
  targets: TargetFigure[];
}

export interface UploadsRun {
  database: 'pglite' | 'postgres';
  phases: Phase[];
  uploads: {
    count: number;
    statuses: Record<string, number>;
    p50Ms: number;
    maxMs: number;
    pdfBytes: number;
  };
  checks: Check[];
  problems: string[];
}

const uploader = { username: 'pending-doc@example.com', password: 'Member-Pass-1' };
const reader = { username: 'member@example.com', password: 'Member-Pass-1' };

interface RawTarget {
  latencies: number[];
  failures: number;
}

/** Requests to each target at `rate` per second (an open loop), for `seconds`; latencies per target. */
async function steadyLoad(
  targets: { name: string; url: string; headers: Record<string, string> }[],
  rate: number,
  seconds: number,
): Promise<RawTarget[]> {
  const raw = targets.map(() => ({ latencies: [] as number[], failures: 0 }));
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let sent = 0; sent < seconds * rate; sent += 1) {
    const wait = started + (sent * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    targets.forEach((target, index) => {
      const into = raw[index] as RawTarget;
      pending.push(
        (async () => {
          const at = performance.now();
          try {
            const response = await fetch(target.url, { headers: target.headers });
            await response.arrayBuffer();
            if (!response.ok) into.failures += 1;
          } catch {
            into.failures += 1;
          }
          into.latencies.push(performance.now() - at);
        })(),
      );
    });
  }
  await Promise.all(pending);
  return raw;
}

function summarise(name: string, raw: RawTarget): TargetFigure {
  const sorted = [...raw.latencies].sort((a, b) => a - b);
  return {
    name,
    requests: sorted.length,
    non2xx: raw.failures,
    latencyP50Ms: round(percentile(sorted, 50), 1),
    latencyP99Ms: round(percentile(sorted, 99), 1),
  };
}

/** The upload fields of the seeded member whose student membership has a document waiting for review. */
async function uploadFields(base: string, token: string): Promise<Record<string, number>> {
  const response = await fetch(`${base}/api/my-account/user/memberships`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const memberships = (await response.json()) as {
    data: {
      id: number;
      membership_type: { eligibility_criterion: { id: number; document_types: { id: number }[] } | null };
    }[];
  };
  const membership = memberships.data.find((entry) => entry.membership_type.eligibility_criterion);
  const criterion = membership?.membership_type.eligibility_criterion;
  if (!membership || !criterion)
    throw new Error(`${uploader.username} has no membership that takes a document`);
  return {
    membership_id: membership.id,
    eligibility_criterion_id: criterion.id,
    eligibility_document_type_id: criterion.document_types[0]?.id ?? 0,
  };
}

export async function runUploads(
  hooks: BenchHooks,
  settings: UploadsSettings,
  database: 'pglite' | 'postgres',
  serverEnv: Record<string, string>,
): Promise<UploadsRun> {
  const problems: string[] = [];
  const base = `http://localhost:${settings.appPort}`;
  const { env, dropName } = await benchDatabaseEnv(
    hooks,
    database,
    settings.databaseUrl,
    serverEnv,
    'leisure_bench_uploads',
  );
  hooks.log(`uploads, ${database}: starting the API server on a fresh seeded database`);
  // The bench measures the check, not the member's upload rate: lifted for this server.
  const app = await hooks.startProcess(`api ${database}`, hooks.serverArgs, {
    ...env,
    UPLOAD_RATE_PER_HOUR: '10000',
  });
  try {
    await hooks.waitForUrl(`${base}/api/health`, app, 180_000);
    const readerToken = await logIn(base, reader);
    const uploaderToken = await logIn(base, uploader);
    const pdf = deflateBombPdf(100, 20_000_000);
    const pdfPath = path.join(mkdtempSync(path.join(tmpdir(), 'leisure-bench-pdf-')), 'hostile.pdf');
    writeFileSync(pdfPath, pdf);
    const fields = await uploadFields(base, uploaderToken);
    const targets: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: 'GET /api/health', url: `${base}/api/health`, headers: {} },
      {
        name: 'GET /api/auth/user',
        url: `${base}/api/auth/user`,
        headers: { authorization: `Bearer ${readerToken}` },
      },
    ];
    // Quiet and hostile windows taken in turn (the machine is shared: its load moves), pooled per phase.
    const rounds = 5;
    const window = settings.duration / rounds;
    hooks.log(
      `uploads, ${database}: warm-up, then ${rounds} rounds of ${window} s quiet and ${window} s with hostile uploads ` +
        `(${pdf.length} bytes each, one at a time), ${settings.rate}/s per target`,
    );
    await steadyLoad(targets, settings.rate, 2);
    const quiet = targets.map(() => ({ latencies: [] as number[], failures: 0 }));
    const hostile = targets.map(() => ({ latencies: [] as number[], failures: 0 }));
    const pool = (into: RawTarget[], from: RawTarget[]) =>
      from.forEach((raw, index) => {
        into[index]?.latencies.push(...raw.latencies);
        if (into[index]) into[index].failures += raw.failures;
      });
    const quietLoad = loadavg().map((value) => round(value, 2));
    const uploadTimes: number[] = [];
    const statuses: Record<string, number> = {};
    for (let round = 0; round < rounds; round += 1) {
      pool(quiet, await steadyLoad(targets, settings.rate, window));
      // The hostile member is another process: its uploads' encoding must not delay our timings.
      const member = spawn(
        process.execPath,
        [
          path.join(import.meta.dirname, 'upload-loop.mjs'),
          `${base}/api/my-account/eligibility/document`,
          pdfPath,
          uploaderToken,
          JSON.stringify(fields),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      // It stands for a member on another machine: its own CPU use should not count against the server.
      if (member.pid) setPriority(member.pid, 19);
      const lines = createInterface({ input: member.stdout });
      lines.on('line', (line) => {
        const { status, ms } = JSON.parse(line) as { status: number; ms: number };
        uploadTimes.push(ms);
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      const memberExited = new Promise((resolve) => member.once('exit', resolve));
      pool(hostile, await steadyLoad(targets, settings.rate, window));
      member.kill('SIGTERM');
      await memberExited;
    }
    rmSync(path.dirname(pdfPath), { recursive: true, force: true });
    const hostileLoad = loadavg().map((value) => round(value, 2));
    const phases: Phase[] = [
      {
        phase: 'quiet',
        loadAverage: quietLoad,
        targets: targets.map((t, i) => summarise(t.name, quiet[i] as RawTarget)),
      },
      {
        phase: 'hostile uploads',
        loadAverage: hostileLoad,
        targets: targets.map((t, i) => summarise(t.name, hostile[i] as RawTarget)),
      },
    ];
    const hostileTargets = phases[1]?.targets ?? [];
    for (const phase of phases) {
      for (const figure of phase.targets) {
        hooks.log(
          `uploads, ${database}: ${phase.phase}: ${figure.name} p50 ${figure.latencyP50Ms} ms, p99 ${figure.latencyP99Ms} ms ` +
            `(${figure.requests} requests, ${figure.non2xx} not 2xx; load ${phase.loadAverage.join(' ')})`,
        );
      }
    }
    const sortedUploads = [...uploadTimes].sort((a, b) => a - b);
    const summary = {
      count: sortedUploads.length,
      statuses,
      p50Ms: round(percentile(sortedUploads, 50)),
      maxMs: round(sortedUploads[sortedUploads.length - 1] ?? 0),
      pdfBytes: pdf.length,
    };
    const checks: Check[] = [];
    for (const target of targets) {
      const quiet = phases[0]?.targets.find((figure) => figure.name === target.name);
      const hostile = hostileTargets.find((figure) => figure.name === target.name);
      const ratio =
        quiet && hostile && quiet.latencyP99Ms > 0 ? hostile.latencyP99Ms / quiet.latencyP99Ms : Infinity;
      checks.push({
        name: `${database}: ${target.name} p99 with hostile uploads / quiet`,
        value: `${hostile?.latencyP99Ms} ms / ${quiet?.latencyP99Ms} ms = ${round(ratio, 2)}x`,
        target: '<= 2x',
        pass: ratio <= 2 && (hostile?.non2xx ?? 1) === 0,
      });
    }
    checks.push({
      name: `${database}: hostile PDF refused (422) within 5 s, every upload`,
      value: `${summary.count} uploads, ${JSON.stringify(statuses)}, slowest ${summary.maxMs} ms`,
      target: 'all 422, <= 5000 ms',
      pass: summary.count > 0 && statuses['422'] === summary.count && summary.maxMs <= 5000,
    });
    hooks.log(
      `uploads, ${database}: ${summary.count} hostile uploads, answers ${JSON.stringify(statuses)}, ` +
        `p50 ${summary.p50Ms} ms, slowest ${summary.maxMs} ms`,
    );
    return { database, phases, uploads: summary, checks, problems };
  } finally {
    await hooks.stopProcess(app);
    await dropBenchDatabase(hooks, settings.databaseUrl, dropName, serverEnv, problems);
  }
}
