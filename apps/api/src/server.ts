import cluster, { type Worker } from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { openConfiguredDatabase, pgliteDirOf } from './db/configured';
import { AppError } from './errors';
import { siteUrlsAt } from './lib/public-urls';
import { findAccountsWithPasswords } from './modules/auth/operator-bootstrap.service';
import { createReadiness } from './modules/health/readiness';
import { getCurrentClient, hasAnyClient } from './modules/operator/operator.service';
import { extendTimetable } from './modules/timetable/timetable.service';
import { demoPasswords } from './seed/accounts';
import { seedIfEmpty } from './seed/seed';

/** A start-up check that failed: printed as it is, and the process stops. */
class StartRefused extends Error {}

/** The rolling timetable is generated ahead; re-run hourly so a long-running server never runs dry. */
const timetableRollEveryMs = 60 * 60_000;

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

  const readiness = createReadiness();
  const app = await buildApp({ config, database, readiness });

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
  const { drainSeconds, timeoutSeconds } = config.operations.shutdown;
  // A worker leaves SIGINT to its primary, which stops every worker: a terminal's Ctrl-C reaches the
  // whole process group, and a second signal would end a worker's shutdown at once.
  if (cluster.isWorker) process.on('SIGINT', () => {});
  /**
   * Graceful shutdown (close-with-grace: one handler for the signals and uncaught errors, exits 0
   * when it finishes, 1 on an error, a second signal or past `delay`). Readiness answers 503 first;
   * after the drain the port closes, the requests in flight finish, then the jobs stop and the
   * database closes (app.close runs the jobs' onClose hooks after the server's own close).
   */
  closeWithGrace(
    {
      delay: timeoutSeconds * 1000,
      skip: cluster.isWorker ? ['SIGINT'] : [],
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: () =>
        app.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS (${timeoutSeconds}); exiting`),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error; shutting down');
      else app.log.info(`${signal ?? 'exit'}: shutting down`);
      readiness.shutDown();
      // From now on each answer ends its connection, so clients reconnect (to another replica).
      app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
        response.shouldKeepAlive = false;
      });
      if (signal && drainSeconds > 0)
        await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
      clearInterval(timetableTimer);
      // app.close stops taking connections and waits for the answers in flight; a keep-alive
      // connection that falls idle after them would hold it up to its 72 s keep-alive: ended as it does.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
      }
      await database.close();
    },
  );

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
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${pgliteDirOf(config)}` : 'PostgreSQL'}`,
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
 * the server, rather than restarting in a loop. SIGTERM and SIGINT stop the workers, each with its
 * own graceful shutdown and deadline; this exits 0 when every one stopped cleanly, else 1, and kills
 * those still running a little past their deadline.
 */
async function supervise(config: Config): Promise<void> {
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(database, config);
  await database.close();

  let stopping = false;
  let ready = false;
  const serving = new Set<number>();
  /** Exit codes of the workers stopped by the shutdown, those still to stop, and who waits for the last. */
  const stopped: (number | null)[] = [];
  const toStop = new Set<number>();
  let allStopped: () => void = () => {};
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
  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
  cluster.on('exit', (worker, code, signal) => {
    const served = serving.delete(worker.id);
    if (stopping) {
      // One still starting when the signal came had nothing in flight: killed by it, it stopped as asked.
      stopped.push(signal === 'SIGTERM' && !served ? 0 : signal ? null : code);
      // Counted by id: cluster.workers may still list a worker whose exit came before its disconnect.
      toStop.delete(worker.id);
      if (toStop.size === 0) allStopped();
      return;
    }
    if (!served) {
      console.error(`An API worker stopped before serving (${signal ?? `exit code ${code}`}).`);
      process.exit(1);
    }
    console.error(`An API worker stopped (${signal ?? `exit code ${code}`}); starting another.`);
    start();
  });
  const killAll = () => {
    for (const worker of running()) worker.process.kill('SIGKILL');
  };
  const { timeoutSeconds } = config.operations.shutdown;
  closeWithGrace(
    {
      // The workers' own deadline, and a little more for their exit to be seen.
      delay: timeoutSeconds * 1000 + 2_000,
      onTimeout: () => {
        console.error('API workers still running past SHUTDOWN_TIMEOUT_SECONDS; killed.');
        killAll();
      },
      onSecondSignal: killAll,
      logger: {
        error: (message: unknown) => console.error(message instanceof Error ? message.message : message),
      },
    },
    async ({ err }) => {
      if (err) console.error(err);
      stopping = true;
      const workers = running();
      for (const worker of workers) toStop.add(worker.id);
      if (workers.length > 0) {
        const done = new Promise<void>((resolve) => {
          allStopped = resolve;
        });
        // The signal itself, not worker.kill(): that first disconnects the worker, which closes its
        // port at once, before its readiness could answer 503 for the drain.
        for (const worker of workers) worker.process.kill('SIGTERM');
        await done;
      }
      if (stopped.some((code) => code !== 0)) throw new Error('An API worker did not stop cleanly.');
    },
  );
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
