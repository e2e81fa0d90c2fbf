import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { AppError } from './errors';
import { siteUrlsAt } from './lib/public-urls';
import { findAccountsWithPasswords } from './modules/auth/operator-bootstrap.service';
import { getCurrentClient, hasAnyClient } from './modules/operator/operator.service';
import { extendTimetable } from './modules/timetable/timetable.service';
import { demoPasswords } from './seed/accounts';
import { seedIfEmpty } from './seed/seed';

/** A start-up check that failed: printed as it is, and the process stops. */
class StartRefused extends Error {}

/** The rolling timetable is generated ahead; re-run hourly so a long-running server never runs dry. */
const timetableRollEveryMs = 60 * 60_000;

function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({ url: config.databaseUrl, pgliteDir: path.resolve(config.dataDir, 'pglite') });
}

/** Migrations and the demo seed: once, before any process serves. */
async function prepareDatabase(database: DatabaseHandle, config: Config): Promise<void> {
  await database.migrate();
  if (config.isProduction) {
    const accounts = await findAccountsWithPasswords(database.db, demoPasswords);
    if (accounts.length > 0) {
      throw new StartRefused(
        `Refusing to start in production: ${accounts.length} account(s) (user ids ${accounts.join(', ')}) still have a demo password from the README. Delete the demo data or change those passwords.`,
      );
    }
    if (!(await hasAnyClient(database.db))) {
      console.log(
        'No operator yet: create it and its first administrator with `npm run operator -- init` (README).',
      );
    }
  }
  if (config.seed) {
    const seeded = await seedIfEmpty(database.db, config);
    if (seeded) console.log('Seeded an empty database with demo data.');
  }
}

/** One API process: the app on the port, its jobs, the rolling timetable. */
async function serve(config: Config, options: { prepare: boolean; announce: boolean }): Promise<void> {
  const database = await openConfiguredDatabase(config);
  if (options.prepare) await prepareDatabase(database, config);

  const app = await buildApp({ config, database });

  // Idempotent (one INSERT ... ON CONFLICT DO NOTHING), so every replica may run it.
  const rollTimetable = async () => {
    try {
      const client = await getCurrentClient(database.db, config);
      await extendTimetable(database.db, client.id);
    } catch (error) {
      // No operator yet (production before `operator init`): nothing to extend.
      if (error instanceof AppError && error.status === 404) return;
      app.log.error({ err: error }, 'could not extend the timetable');
    }
  };
  await rollTimetable();
  const timetableTimer = setInterval(rollTimetable, timetableRollEveryMs);
  timetableTimer.unref();
  const shutdown = async () => {
    clearInterval(timetableTimer);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  await app.listen({ host: config.host, port: config.port });
  if (!options.announce) return;
  // Unset public URLs follow the browser's host name; the banner shows them as seen from this machine.
  const urls = siteUrlsAt(config.publicUrls);
  console.log(
    [
      ...(config.env === 'development'
        ? [
            'Demo mode: development settings, demo data, sandbox payments' +
              (config.devMailbox ? `, emails at ${urls.bookings}/dev/mailbox` : '') +
              '. Not for the internet: README.md "Production".',
          ]
        : []),
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.resolve(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
      `Bookings:       ${urls.bookings}/`,
      `My account:     ${urls.account}/`,
      `Online joining: ${urls.joining}/`,
      `API docs:       ${urls.bookings}/api/docs`,
    ].join('\n'),
  );
}

/**
 * API_WORKERS above 1 (PostgreSQL only): this process migrates and seeds, then starts the workers,
 * which share the port (node:cluster hands connections round). A worker that dies after it was
 * serving is replaced; one that dies before it ever served (a bad setting, the port taken) stops
 * the server, rather than restarting in a loop. SIGTERM and SIGINT stop the workers, then this.
 */
async function supervise(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(database, config);
  await database.close();

  let stopping = false;
  let ready = false;
  const serving = new Set<number>();
  const start = () => {
    const worker = cluster.fork();
    worker.on('listening', () => {
      serving.add(worker.id);
      // Said once, when the first set is up: until then a worker's death stops the server.
      if (!ready && serving.size === config.apiWorkers) {
        ready = true;
        console.log(`${config.apiWorkers} API workers serving.`);
      }
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    const served = serving.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!served) {
      console.error(`An API worker stopped before serving (${signal ?? `exit code ${code}`}).`);
      process.exit(1);
    }
    console.error(`An API worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
    start();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let i = 0; i < config.apiWorkers; i++) start();
}

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env, { demo: process.argv.includes('--demo') });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Libraries read NODE_ENV themselves (React's server renderer picks its build by it): unset is
  // production for them too, the demo included (it shows the product as it runs).
  process.env.NODE_ENV ??= 'production';
  if (config.apiWorkers > 1 && cluster.isPrimary) return supervise(config);
  // A worker's database was prepared by the primary; the first worker prints the addresses.
  await serve(config, {
    prepare: cluster.isPrimary,
    announce: cluster.isPrimary || cluster.worker?.id === 1,
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
