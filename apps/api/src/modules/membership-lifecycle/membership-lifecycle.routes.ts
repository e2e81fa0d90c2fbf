import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { activateOrderedMemberships } from './activation.service';

export interface MembershipLifecycleRoutesOptions {
  db: Database;
  config: Config;
}

/** A membership's life after joining: activation once its first payment is in (docs/decisions/010). */
export const membershipLifecycleRoutes: FastifyPluginAsyncZod<MembershipLifecycleRoutesOptions> = async (
  app,
  { db, config },
) => {
  app.events.on('order.completed', ({ orderId }) =>
    activateOrderedMemberships(
      { db, config, directDebitProvider: app.directDebitProvider, mailer: app.mailer, log: app.log },
      orderId,
    ),
  );
};
