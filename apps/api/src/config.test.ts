import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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

  it('never turns the dev mailbox on in production', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true', SANDBOX_PAY_SECRET: 'x'.repeat(32) })
        .devMailbox,
    ).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe(true);
  });

  it('needs its own sandbox card secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SANDBOX_PAY_SECRET/);
    expect(() => loadConfig({ SANDBOX_PAY_SECRET: 'short' })).toThrow(/SANDBOX_PAY_SECRET/);
    expect(loadConfig({}).providers.sandboxPaySecret.length).toBeGreaterThanOrEqual(32);
  });
});
