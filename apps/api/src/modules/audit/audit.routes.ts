import { zAuditPage, zAuditQuery } from '@leisure/contract/admin/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getCurrentClient } from '../operator/operator.service';
import { isVenueScoped } from '../session/permissions';
import { requireAuth } from '../session/session';
import { listAuditEvents } from './audit.service';

/** `GET api/admin/audit-events`: the audit log, newest first; a venue-scoped role sees its venues' entries only. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/admin/audit-events',
    {
      config: { access: 'staff:audit.read' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log',
        description:
          'Newest first, `limit` at a time; `next_before_id` asks for the next (older) page. `q` matches the ' +
          "action, the record's kind and id, and the actor's email. A venue manager sees their venues' entries only.",
        security: [{ bearer: [] }, { cookie: [] }],
        querystring: zAuditQuery,
        response: { 200: zAuditPage },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const client = await getCurrentClient(db, config);
      const query = request.query;
      const rows = await listAuditEvents(db, {
        clientId: client.id,
        search: query.q,
        entityType: query.entity_type,
        entityId: query.entity_id,
        beforeId: query.before_id,
        venueIds: isVenueScoped(auth.user.role) ? auth.staffVenueIds : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      reply.header('cache-control', 'no-store');
      return {
        data: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: { id: row.actorUserId, email: row.actorEmail },
          action: row.action,
          entity_type: row.entityType,
          entity_id: row.entityId,
          venue_id: row.venueId,
          before: row.before,
          after: row.after,
          route: row.route,
        })),
        next_before_id: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
};
