import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';

/**
 * Who makes a set-up change (issue 47) and what they may change: a staff user through the console,
 * or the system (the demo seed), which no venue scope limits; and how the change is written to the
 * audit log in its transaction. The session and audit modules sit beside and above this foundation,
 * so the change is built there (audit/staff-change.ts) and app.ts passes the builder in.
 */
export interface SetupChange {
  /** `<thing>.<verb>`: 'venue.create', 'ticket.update'. */
  action: string;
  entityType: string;
  entityId?: string | number | null;
  /** The venue the record belongs to, where it belongs to one. */
  venueId?: number | null;
  before?: unknown;
  after?: unknown;
}

export interface StaffChange {
  clientId: number;
  /** 403 unless the actor may change this venue's records (session/access.ts requireVenueScope). */
  requireVenue(venueId: number): void;
  /** 403 for a venue-scoped actor: the change is the whole operator's (requireNoVenueScope). */
  requireOperatorWide(): void;
  /** Records the change as the actor's, in the change's transaction. */
  audit(tx: Database, change: SetupChange): Promise<void>;
}

/** The change a console request makes: its signed-in staff user's (401 without one). */
export type StaffChangeOf = (request: FastifyRequest) => Promise<StaffChange>;

export function requireChangeOfVenue(change: StaffChange, venueId: number): void {
  change.requireVenue(venueId);
}

export function requireOperatorWideChange(change: StaffChange): void {
  change.requireOperatorWide();
}
