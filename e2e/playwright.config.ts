import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built server on a fresh database, with a real SMTP sink.
 *
 * Playwright evaluates this file in the runner and again in each worker. The runner decides the
 * temporary folders and ports once and puts them in process.env; workers inherit that environment,
 * so every process agrees on where the database and the captured emails live.
 */
if (!process.env.E2E_TMP_DIR) {
  const root = mkdtempSync(path.join(tmpdir(), 'leisure-e2e-'));
  mkdirSync(path.join(root, 'data'));
  mkdirSync(path.join(root, 'mail'));
  process.env.E2E_TMP_DIR = root;
}
const tmpRoot = process.env.E2E_TMP_DIR;
process.env.E2E_MAIL_DIR ??= path.join(tmpRoot, 'mail');
process.env.E2E_PORT ??= '4510';
process.env.E2E_SMTP_PORT ??= '4525';
// The console journey's server: an operator made by the bootstrap command on an empty database.
process.env.E2E_EMPTY_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_BOOTSTRAP_FILE ??= path.join(tmpRoot, 'bootstrap.txt');

const port = Number(process.env.E2E_PORT);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const baseURL = `http://localhost:${port}`;
const emptyPort = Number(process.env.E2E_EMPTY_PORT);

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  // One worker: the server (Argon2id hashing, PGlite) and Chromium already share two cores.
  fullyParallel: false,
  workers: 1,
  // CI on a busier machine: a journey that fails once is run once more and, if it passes, listed as
  // 'flaky' in the log's summary to be fixed; one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  // A hung run must not eat the CI budget: the whole suite normally takes a few minutes.
  globalTimeout: 20 * 60_000,
  expect: { timeout: 10_000 },
  // `list` ends with a summary line of counts ("12 passed (1.4m)"), which CI logs rely on.
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    // CI keeps only the printed log, where a trace cannot be opened; recording one costs ~15% of the run.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    {
      // A real SMTP server that writes each message it receives, parsed, as JSON into E2E_MAIL_DIR.
      command: 'node support/smtp-sink.mjs',
      port: smtpPort,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { E2E_MAIL_DIR: process.env.E2E_MAIL_DIR, E2E_SMTP_PORT: String(smtpPort) },
    },
    {
      command: 'node ../apps/api/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmpRoot, 'data'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NODE_ENV: 'test',
        // The journeys walk the demo operator and members.
        SEED: 'true',
        LOG_LEVEL: 'warn',
        // Every journey registers its customers from 127.0.0.1: far more than a real address would.
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '10000',
      },
    },
    {
      // No demo data: the operator comes from `npm run operator -- init` and is set up in the console.
      command: 'node support/empty-operator-server.mjs',
      url: `http://localhost:${emptyPort}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(emptyPort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(tmpRoot, 'empty-data'),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PUBLIC_BOOKINGS_URL: `http://localhost:${emptyPort}`,
        PUBLIC_ACCOUNT_URL: `http://localhost:${emptyPort}/account`,
        PUBLIC_JOINING_URL: `http://localhost:${emptyPort}/join`,
        E2E_BOOTSTRAP_FILE: process.env.E2E_BOOTSTRAP_FILE,
      },
    },
  ],
});
