import { zHealthResponse } from '@leisure/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type DatabaseHandle, pingDatabase } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database state',
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
};
