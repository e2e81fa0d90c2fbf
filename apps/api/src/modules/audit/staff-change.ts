import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { StaffChange, StaffChangeOf } from '../operator/staff-change';
import { requireNoVenueScope, requireVenueScope } from '../session/access';
import { requireAuth } from '../session/session';
import { actorOf, recordChange } from './audit.service';

/**
 * The set-up changes of the console (operator/staff-change.ts): a request's signed-in staff user,
 * limited to their venues where their role is venue-scoped, audited as theirs with the request's route.
 */
export function staffChangeOf(db: Database, config: Config): StaffChangeOf {
  return async (request: FastifyRequest): Promise<StaffChange> => {
    const auth = await requireAuth(db, config, request);
    const viewer = { user: auth.user, staffVenueIds: auth.staffVenueIds };
    return {
      clientId: auth.user.clientId,
      requireVenue: (venueId) => requireVenueScope(viewer, venueId),
      requireOperatorWide: () => requireNoVenueScope(viewer),
      audit: (tx, change) => recordChange(tx, actorOf(auth.user), change, request),
    };
  };
}

/** The system's change at an operator (the demo seed): any venue, audited with no actor. */
export function systemChange(clientId: number): StaffChange {
  return {
    clientId,
    requireVenue: () => {},
    requireOperatorWide: () => {},
    audit: (tx, change) => recordChange(tx, { clientId, userId: null, email: null }, change),
  };
}
