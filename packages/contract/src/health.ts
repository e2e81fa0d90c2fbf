import { z } from 'zod';

export const zHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['pglite', 'postgres']),
    latency_ms: z.number().int().nonnegative(),
  }),
});

/** GET /api/health/live: the process is up and its event loop turns; the database is not asked. */
export const zLivenessResponse = z.object({ status: z.literal('ok') });

/**
 * GET /api/health/ready: whether this process should be sent requests: its database answers, the
 * migrations this build knows are applied, and it is not shutting down.
 */
export const zReadinessResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['up', 'down', 'unknown']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shutting_down: z.boolean(),
});
