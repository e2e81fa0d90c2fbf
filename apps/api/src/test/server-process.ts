import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** What it has printed on stdout so far. */
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/**
 * Starts `src/server.ts` as its own process (PostgreSQL at `databaseUrl`, else the embedded database
 * in a fresh DATA_DIR; no seed, jobs off unless `env` turns them on); resolves once it answers its
 * health check.
 */
export async function startServerProcess(
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // Empty is unset (config.ts).
      DATABASE_URL: databaseUrl ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'false',
      LOG_LEVEL: 'error',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'leisure-server-')),
      CHECKOUT_RECONCILE_EVERY_SECONDS: '0',
      HOLD_SWEEP_SECONDS: '0',
      DD_COLLECTIONS_EVERY_SECONDS: '0',
      GUEST_PASS_EXPIRY_EVERY_SECONDS: '0',
      MEMBERSHIP_JOBS_EVERY_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    printed += chunk;
  });
  const output = () => printed;
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output, exited };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 30 s');
}

/** Runs `apps/api/src/<entry>` with exactly `env` (no inherited NODE_ENV) until it exits. */
export function runToExit(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/${entry}`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
