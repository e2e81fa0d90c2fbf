import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { screenSources } from './apps/web/build/site-pages';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        // The site pages' tests read the web app's real route definitions (their lazy screens named).
        plugins: [screenSources(resolve(import.meta.dirname, 'apps/web'))],
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts'],
          // Concurrency needs real parallel connections: only on a PostgreSQL server (.ci/run has one).
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.concurrency.test.ts', '**/node_modules/**'],
          // Each API test file opens its own database, a copy of the run's migrated template (global-setup.ts).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A transaction's connection runs one query at a time: an overlap fails the test.
          setupFiles: ['apps/api/src/test/one-query-at-a-time.ts'],
          maxWorkers: 2,
          // Projects with their own worker count run as separate groups, one after another.
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // Journeys through several sections take a few seconds on two busy cores; 5 s was too tight.
          testTimeout: 20_000,
          setupFiles: ['apps/web/vitest.setup.ts'],
          // Vitest's default is one worker fewer than the cores: one worker on our two.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
