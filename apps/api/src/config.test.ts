import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadSettings } from './config';
import { safeProductionSettings } from './test/production-settings';

/** Development settings unless a test says otherwise (unset NODE_ENV is production: tested below). */
const loadConfig = (env: Record<string, string>) => loadSettings({ NODE_ENV: 'development', ...env });

const { NODE_ENV: _nodeEnv, ...safeProduction } = safeProductionSettings;

describe('settings', () => {
  it('defaults to port 3000, ./data and the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrls.configured.account).toBeUndefined();
    expect(config.publicUrls.fallbackOrigin).toBe('http://localhost:3000');
  });

  it('stops on a bad setting and names it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_ACCOUNT_URL: 'not a url' })).toThrow(/PUBLIC_ACCOUNT_URL/);
  });

  it('runs several API processes only on PostgreSQL (the embedded database belongs to one)', () => {
    expect(loadConfig({}).apiWorkers).toBe(1);
    expect(() => loadConfig({ API_WORKERS: '2' })).toThrow(/API_WORKERS: above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ API_WORKERS: 'many' })).toThrow(/API_WORKERS/);
    const url = 'postgres://localhost/leisure';
    expect(loadConfig({ API_WORKERS: '2', DATABASE_URL: url }).apiWorkers).toBe(2);
    expect(loadConfig({ API_WORKERS: 'auto', DATABASE_URL: url }).apiWorkers).toBeGreaterThanOrEqual(1);
  });

  it('shows the dev mailbox only in development and only when asked for', () => {
    expect(loadConfig({}).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadSettings({ NODE_ENV: 'test', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(() => loadSettings({ ...safeProduction, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX: .*refused/);
  });

  it('needs its own sandbox card secret in production', () => {
    const { SANDBOX_PAY_SECRET: _, DD_DETAILS_SECRET: __, ...withoutSecrets } = safeProduction;
    expect(() => loadSettings(withoutSecrets)).toThrow(/SANDBOX_PAY_SECRET/);
    expect(() => loadConfig({ SANDBOX_PAY_SECRET: 'short' })).toThrow(/SANDBOX_PAY_SECRET/);
    expect(loadConfig({}).providers.sandboxPaySecret.length).toBeGreaterThanOrEqual(32);
  });
});

describe('production (NODE_ENV unset or production) fails closed', () => {
  it('starts with every setting safe, and unset NODE_ENV is production', () => {
    const config = loadSettings(safeProduction);
    expect(config.isProduction).toBe(true);
    expect(config.seed).toBe(false);
    expect(config.devMailbox).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(loadSettings({ ...safeProduction, TRUST_PROXY: 'none' }).trustProxy).toBe(false);
  });

  it('refuses an unset environment, naming every problem at once', () => {
    let message = '';
    try {
      loadSettings({});
    } catch (error) {
      message = (error as Error).message;
    }
    for (const setting of [
      'SANDBOX_PAY_SECRET',
      'DD_DETAILS_SECRET',
      'PAYMENT_PROVIDER',
      'DIRECT_DEBIT_PROVIDER',
      'PUBLIC_BOOKINGS_URL',
      'PUBLIC_ACCOUNT_URL',
      'PUBLIC_JOINING_URL',
      'SMTP_URL',
      'TRUST_PROXY',
      'DATABASE_URL',
    ]) {
      expect(message).toContain(`  ${setting}: `);
    }
    expect(message).toMatch(/npm start` runs the demo/);
  });

  it.each([
    [
      'SANDBOX_PAY_SECRET',
      'sandbox-pay-development-secret-not-for-production',
      /published development secret/,
    ],
    [
      'DD_DETAILS_SECRET',
      'direct-debit-development-secret-not-for-production',
      /published development secret/,
    ],
    ['ALLOW_SANDBOX_PROVIDERS', 'false', /PAYMENT_PROVIDER: is the sandbox/],
    ['ALLOW_SANDBOX_PROVIDERS', 'false', /DIRECT_DEBIT_PROVIDER: is the sandbox/],
    ['PUBLIC_ACCOUNT_URL', '', /PUBLIC_ACCOUNT_URL: must be set in production/],
    ['PUBLIC_JOINING_URL', 'http://join.riverside.example', /PUBLIC_JOINING_URL: must be an https/],
    ['SMTP_URL', '', /SMTP_URL: must be set/],
    ['TRUST_PROXY', '', /TRUST_PROXY: must be set/],
    ['SEED', 'true', /SEED: asks for demo data/],
    ['DATABASE_URL', '', /DATABASE_URL: must be set in production/],
    ['SANDBOX_PAY_FAULT', 'decline', /SANDBOX_PAY_FAULT: is for tests only/],
    ['STAFF_MFA_KEY', '', /STAFF_MFA_KEY: must be set in production/],
    [
      'STAFF_MFA_KEY',
      'staff-mfa-development-key-not-for-production',
      /STAFF_MFA_KEY: is the published development secret/,
    ],
  ])('refuses %s=%j', (setting, value, refusal) => {
    expect(() => loadSettings({ ...safeProduction, [setting]: value })).toThrow(refusal);
  });

  it('the demo (npm start) starts from development settings, demo data and the dev mailbox', () => {
    const demo = loadSettings({}, { demo: true });
    expect(demo.env).toBe('development');
    expect(demo.seed).toBe(true);
    expect(demo.devMailbox).toBe(true);
    // The environment still wins: a demo with production settings is refused for its demo data.
    expect(() => loadSettings({ ...safeProduction, NODE_ENV: 'production' }, { demo: true })).toThrow(/SEED/);
  });
});
