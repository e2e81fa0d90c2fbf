/** Small helpers of the bench: its log, the processes it starts and stops, and figures. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
