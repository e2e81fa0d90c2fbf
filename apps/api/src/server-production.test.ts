import { describe, expect, it } from 'vitest';
import { runToExit } from './test/server-process';

describe('a production start (NODE_ENV unset) with unsafe settings', () => {
  it('refuses to start, naming each problem, before it opens a database or a port', async () => {
    const result = await runToExit('server.ts', [], { PORT: '0', HOST: '127.0.0.1' });
    expect(result.code).toBe(1);
    for (const setting of [
      'SANDBOX_PAY_SECRET',
      'PAYMENT_PROVIDER',
      'DIRECT_DEBIT_PROVIDER',
      'PUBLIC_BOOKINGS_URL',
      'PUBLIC_ACCOUNT_URL',
      'PUBLIC_JOINING_URL',
      'SMTP_URL',
      'TRUST_PROXY',
      'DATABASE_URL',
    ]) {
      expect(result.stderr).toContain(`  ${setting}: `);
    }
    expect(result.stdout).not.toContain('Bookings:');
  }, 70_000);

  it('refuses demo data by name, however the rest is set', async () => {
    const result = await runToExit('server.ts', [], { PORT: '0', SEED: 'true', DEV_MAILBOX: 'true' });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/SEED: asks for demo data/);
    expect(result.stderr).toMatch(/DEV_MAILBOX: shows every email sent/);
  }, 70_000);
});
