import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { siteUrlsAt } from './lib/public-urls';
import { getCurrentClient } from './modules/operator/operator.service';
import { extendTimetable } from './modules/timetable/timetable.service';
import { seedIfEmpty } from './seed/seed';

/** The rolling timetable is generated ahead; re-run hourly so a long-running server never runs dry. */
const timetableRollEveryMs = 60 * 60_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.resolve(config.dataDir, 'pglite'),
  });
  await database.migrate();
  if (config.seed) {
    const seeded = await seedIfEmpty(database.db, config);
    if (seeded) console.log('Seeded an empty database with demo data.');
  }

  const app = await buildApp({ config, database });

  // Idempotent (one INSERT ... ON CONFLICT DO NOTHING), so every replica may run it.
  const rollTimetable = async () => {
    try {
      const client = await getCurrentClient(database.db, config);
      await extendTimetable(database.db, client.id);
    } catch (error) {
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
  // Unset public URLs follow the browser's host name; the banner shows them as seen from this machine.
  const urls = siteUrlsAt(config.publicUrls);
  console.log(
    [
      `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.resolve(config.dataDir, 'pglite')}` : 'PostgreSQL'}`,
      `Bookings:       ${urls.bookings}/`,
      `My account:     ${urls.account}/`,
      `Online joining: ${urls.joining}/`,
      `API docs:       ${urls.bookings}/api/docs`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
