import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zHealthResponse, zLivenessResponse, zReadinessResponse } from '@leisure/contract/health';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, type DatabaseHandle, migrationsFolder, pingDatabase } from '../../db/client';
import { rawRowsOf } from '../../db/raw-rows';
import { createReadiness, type Readiness } from './readiness';

/** When the newest migration this build carries was made: the migrator records it as `created_at`. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Whether the database holds this build's newest migration; undefined when it cannot be asked. */
async function migrationsApplied(db: Database, newest: number): Promise<boolean | undefined> {
  try {
    const [row] = rawRowsOf<{ newest: string | number | null }>(
      await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`),
    );
    return Number(row?.newest ?? 0) >= newest;
  } catch (error) {
    // No migrations table yet: nothing is applied. Anything else: the database did not answer.
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    return (cause?.code ?? code) === '42P01' ? false : undefined;
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  readiness?: Readiness;
}> = async (app, { database, readiness = createReadiness() }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database state',
        description:
          'Kept for existing monitors; orchestrators should use /api/health/live and /api/health/ready.',
        response: { 200: zHealthResponse, 503: zHealthResponse },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      const up = await pingDatabase(database.db);
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: {
          status: up ? ('up' as const) : ('down' as const),
          kind: database.kind,
          latency_ms: Math.round(performance.now() - started),
        },
      };
      return reply.status(up ? 200 : 503).send(body);
    },
  );

  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        description:
          'Answers 200 while the process runs, without asking the database: a failing database makes ' +
          'the process not ready, never a process to restart.',
        response: { 200: zLivenessResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const newest = newestMigrationMillis();
  // Migrations are never undone under a running process: once seen applied, not asked again.
  let applied = false;
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: this process may be sent requests',
        description:
          '200 when the database answers, the migrations this build carries are applied and the process ' +
          'is not shutting down; otherwise 503, with which of the three failed. On SIGTERM it answers ' +
          '503 first, for SHUTDOWN_DRAIN_SECONDS, while requests are still served.',
        response: { 200: zReadinessResponse, 503: zReadinessResponse },
      },
    },
    async (_request, reply) => {
      if (readiness.shuttingDown) {
        return reply
          .status(503)
          .send({ status: 'not_ready', database: 'unknown', migrations: 'unknown', shutting_down: true });
      }
      let up: boolean;
      if (applied) {
        up = await pingDatabase(database.db);
      } else {
        const answer = await migrationsApplied(database.db, newest);
        applied = answer === true;
        up = answer !== undefined;
      }
      const ready = up && applied;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not_ready',
        database: up ? 'up' : 'down',
        migrations: !up ? 'unknown' : applied ? 'applied' : 'pending',
        shutting_down: false,
      });
    },
  );
};
