/** Small helpers of the bench: its log, the processes it starts and stops, and figures. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { root } from './settings';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function log(line: string): void {
  console.log(`[bench] ${line}`);
}

export async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Fails when another process already listens on `port`: the bench would otherwise wait for its own
 * server's URL, get that process's answer, and measure it (a stray server from an earlier run did).
 */
async function ensurePortFree(label: string, port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`${label}: port ${port} is taken by another process; stop it or choose another port`)
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The servers this run started and has not stopped. */
const running = new Set<ChildProcess>();
// A run that dies (an uncaught error, Ctrl-C) takes its servers with it: one left behind holds its
// port, and the next run would refuse to start (or, before the port check, measure it).
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** Starts a server of the bench (its `PORT` checked free first) with its errors shown under `label`. */
export async function startProcess(
  label: string,
  args: string[],
  env: Record<string, string>,
): Promise<ChildProcess> {
  if (env.PORT) await ensurePortFree(label, Number(env.PORT));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${label}] ${chunk.toString()}`));
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The p-th percentile (nearest rank) of values sorted ascending; 0 for none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((sorted.length * p) / 100) - 1))] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function gzippedBytes(file: string): number {
  return gzipSync(readFileSync(file)).length;
}

/** The machine's CPU time so far (/proc/stat, in clock ticks); undefined where there is no /proc. */
export interface CpuTimes {
  busy: number;
  idle: number;
  steal: number;
}

export function cpuTimes(): CpuTimes | undefined {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
      fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return undefined;
  }
}

/**
 * Shares of the CPU time between two readings: busy, idle and stolen (taken by the host of a virtual
 * machine for others). A run with a few percent stolen was not on an idle machine: its throughput
 * figures are low by about that much, and its p99s high.
 */
export function cpuShares(from: CpuTimes | undefined, to: CpuTimes | undefined): CpuTimes | undefined {
  if (!from || !to) return undefined;
  const busy = to.busy - from.busy;
  const idle = to.idle - from.idle;
  const steal = to.steal - from.steal;
  const all = busy + idle + steal;
  if (all <= 0) return undefined;
  return { busy: round(busy / all, 3), idle: round(idle / all, 3), steal: round(steal / all, 3) };
}

/** CPU time used so far, in ms: a process with its descendants (the API and its workers), and PostgreSQL's processes. */
export interface ProcessCpu {
  server: number;
  postgres: number;
  /** Each PostgreSQL process's: one that ends between two readings (an idle connection closed) takes its time with it. */
  postgresByPid?: Map<number, number>;
}

/** One reading of /proc: undefined where there is none. Clock ticks are 10 ms on Linux (USER_HZ 100). */
export function processCpu(serverPid: number | undefined): ProcessCpu | undefined {
  if (serverPid === undefined) return undefined;
  try {
    const rows = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          // The command may hold spaces and parentheses: the fields start after its last ')'.
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [
            {
              pid: Number(pid),
              ppid: Number(fields[1]),
              comm,
              ms: (Number(fields[11]) + Number(fields[12])) * 10,
            },
          ];
        } catch {
          return []; // it ended meanwhile
        }
      });
    const tree = new Set([serverPid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of rows)
        if (!tree.has(row.pid) && tree.has(row.ppid)) {
          tree.add(row.pid);
          grew = true;
        }
    }
    const sum = (keep: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(keep).reduce((total, row) => total + row.ms, 0);
    const postgres = rows.filter((row) => row.comm === 'postgres');
    return {
      server: sum((row) => tree.has(row.pid)),
      postgres: sum((row) => row.comm === 'postgres'),
      postgresByPid: new Map(postgres.map((row) => [row.pid, row.ms])),
    };
  } catch {
    return undefined;
  }
}

/** CPU ms per request between two readings, or undefined. */
export function cpuPerRequest(
  from: ProcessCpu | undefined,
  to: ProcessCpu | undefined,
  requests: number,
): ProcessCpu | undefined {
  if (!from || !to || requests <= 0) return undefined;
  // Per process, over those alive at the second reading: a backend that ended meanwhile would make
  // the difference of the sums negative (the floor measured beside the idle API, whose pool closes).
  let postgres = to.postgres - from.postgres;
  if (from.postgresByPid && to.postgresByPid) {
    postgres = 0;
    for (const [pid, ms] of to.postgresByPid) postgres += ms - (from.postgresByPid.get(pid) ?? 0);
  }
  return {
    server: round((to.server - from.server) / requests, 2),
    postgres: round(postgres / requests, 2),
  };
}
