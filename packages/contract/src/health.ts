import { z } from 'zod';

export const zHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    kind: z.enum(['pglite', 'postgres']),
    latency_ms: z.number().int().nonnegative(),
  }),
});
