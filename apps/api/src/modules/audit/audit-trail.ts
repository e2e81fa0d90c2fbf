import type { FastifyInstance, onResponseAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/client';
import { isStaffRole } from '../session/permissions';
import { actorOf, recordChange, routeOf } from './audit.service';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The catch-all of the audit log: a call by a staff user that changes something (a staff route, or
 * a customer's route used acting for them) and answered 2xx without writing its own entry
 * (`recordChange` with the request) still leaves one, naming the call and its path parameters.
 * Routes that know the record write it with its before and after instead.
 */
export function installAuditTrail(app: FastifyInstance, db: Database): void {
  const catchAll: onResponseAsyncHookHandler = async (request, reply) => {
    const auth = request.authState;
    if (request.audited || !auth || !isStaffRole(auth.user.role) || reply.statusCode >= 300) return;
    try {
      await recordChange(
        db,
        actorOf(auth.user),
        {
          action: 'call',
          entityType: 'route',
          entityId: routeOf(request),
          after: { params: request.params ?? null, status: reply.statusCode },
        },
        request,
      );
    } catch (error) {
      request.log.error({ err: error }, 'the audit log could not record a staff call');
    }
  };
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') || route.config?.access === 'public') return;
    if (![route.method].flat().some((method) => !safeMethods.has(method))) return;
    route.onResponse = [...[route.onResponse ?? []].flat(), catchAll];
  });
}
