import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { seedIfEmpty } from './seed/seed';
import { databaseNameOf, openTestDatabase } from './test/harness';
import { freePort, runToExit } from './test/server-process';

/**
 * A production start on PostgreSQL (runs only with TEST_DATABASE_URL): with safe settings and no
 * seed it comes up with an empty operator that `operator init` sets up; a database holding the
 * demo's accounts is refused.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('server-production.concurrency.test.ts needs TEST_DATABASE_URL');

async function urlOf(database: DatabaseHandle): Promise<string> {
  const url = new URL(serverUrl ?? '');
  url.pathname = `/${await databaseNameOf(database.db)}`;
  return url.toString();
}

function productionEnv(databaseUrl: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    SANDBOX_PAY_SECRET: 's'.repeat(40),
    STAFF_MFA_KEY: 'm'.repeat(40),
    ALLOW_SANDBOX_PROVIDERS: 'true',
    PUBLIC_BOOKINGS_URL: 'https://book.riverside.example',
    PUBLIC_ACCOUNT_URL: 'https://myaccount.riverside.example',
    PUBLIC_JOINING_URL: 'https://join.riverside.example',
    // Nothing listens there: the emails wait in the outbox (their retry job is off).
    SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
    MAIL_RETRY_EVERY_SECONDS: '0',
    TRUST_PROXY: 'none',
    LOG_LEVEL: 'error',
  };
}

describe('production start on PostgreSQL', () => {
  let empty: DatabaseHandle;
  let seeded: DatabaseHandle;
  beforeAll(async () => {
    empty = await openTestDatabase();
    seeded = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await empty?.close();
    await seeded?.close();
  });

  it('comes up on an empty database; operator init creates the operator and an administrator who sets their own password', async () => {
    const port = await freePort();
    const env = productionEnv(await urlOf(empty), port);
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let printed = '';
    server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      printed += chunk;
    });
    const base = `http://127.0.0.1:${port}`;
    try {
      const until = Date.now() + 45_000;
      let healthy = false;
      while (!healthy && Date.now() < until && server.exitCode === null) {
        healthy = await fetch(`${base}/api/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(healthy).toBe(true);
      expect(printed).toContain('No operator yet');
      expect(printed).not.toContain('Demo mode');
      // No operator, so no demo member either.
      const demoLogin = await fetch(`${base}/api/auth/customer/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'staff@example.com', password: 'Staff-Pass-1' }),
      });
      expect(demoLogin.status).toBeGreaterThanOrEqual(400);
      expect(demoLogin.status).toBeLessThan(500);

      const args = [
        'init',
        '--name',
        'Northgate Leisure',
        '--slug',
        'northgate',
        '--support-email',
        'help@northgate.example.org',
        '--admin-email',
        'Admin@Northgate.example.org',
        '--admin-first-name',
        'Sam',
        '--admin-last-name',
        'Lee',
      ];
      const init = await runToExit('cli/operator.ts', args, env);
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      const link = /https:\/\/book\.riverside\.example\/admin\/invitation\/([\w-]+)/.exec(init.stdout);
      expect(link).not.toBeNull();
      // A second init on the same database changes nothing.
      const again = await runToExit('cli/operator.ts', args, env);
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('already has an operator');

      // A staging site (sandbox providers allowed) tells every page that payments are not real.
      const client = await fetch(`${base}/api/client`);
      expect(client.status).toBe(200);
      expect(((await client.json()) as { data: { test_payments: boolean } }).data.test_payments).toBe(true);

      // The administrator has no password anyone knows until they set one with the link.
      const newPassword = 'Sam-Lee-Northgate-2026-own';
      const set = await fetch(`${base}/api/admin/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: link?.[1], password: newPassword }),
      });
      expect(set.status).toBe(200);
      // They sign in to the console, where they set up their second factor first.
      const login = await fetch(`${base}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@northgate.example.org', password: newPassword }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { next: string }).next).toBe('enrol');
      // Production cookies are Secure and host-only, and HSTS is sent, even over this plain connection.
      expect(String(login.headers.get('set-cookie'))).toMatch(/__Host-leisure_session=[^;]+;.*Secure/i);
      expect(login.headers.get('strict-transport-security')).toContain('max-age=');
      const reused = await fetch(`${base}/api/admin/invitations/accept`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: link?.[1], password: `${newPassword}-again` }),
      });
      expect(reused.status).toBe(403);
    } finally {
      server.kill('SIGKILL');
    }
  }, 120_000);

  it('refuses to start while any account still has a demo password', async () => {
    await seedIfEmpty(seeded.db, testConfig());
    const port = await freePort();
    const result = await runToExit('server.ts', [], productionEnv(await urlOf(seeded), port));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/still have a demo password/);
  }, 120_000);
});
