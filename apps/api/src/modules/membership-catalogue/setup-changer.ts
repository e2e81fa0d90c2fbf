import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { type AuditActor, type AuditChange, actorOf, recordChange } from '../audit/audit.service';
import { requireNoVenueScope, type StaffViewer } from '../session/access';

/**
 * Who makes a set-up change of the membership catalogue: a staff user through the console, or the
 * system (the demo seed builds the demo operator through the same service functions). Staff changes are
 * checked against the role's venue scope; every change is audited either way.
 */
export interface SetupChanger {
  clientId: number;
  /** The staff user; null for the system (the seed). */
  viewer: StaffViewer | null;
  actor: AuditActor;
  request?: FastifyRequest;
}

export function staffChanger(
  auth: StaffViewer & { user: { id: number; clientId: number; email: string; role: string } },
  request: FastifyRequest,
): SetupChanger {
  return { clientId: auth.user.clientId, viewer: auth, actor: actorOf(auth.user), request };
}

/** The seed's and the command line's changes: no staff user, still audited. */
export function systemChanger(clientId: number): SetupChanger {
  return { clientId, viewer: null, actor: { clientId, userId: null, email: null } };
}

/** A change that is the whole operator's: refused to a venue-scoped role. */
export function requireOperatorWide(changer: SetupChanger): void {
  if (changer.viewer) requireNoVenueScope(changer.viewer);
}

export async function auditSetup(tx: Database, changer: SetupChanger, change: AuditChange): Promise<void> {
  await recordChange(tx, changer.actor, change, changer.request);
}
