import { cartMessages } from '@leisure/contract/cart';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { actingFor, requireAccess } from '../session/access';
import type { Acting } from '../session/acting';
import {
  endEntriesOfSession,
  findLiveWaitlistEntry,
  findWaitlistEntry,
  findWaitlistEntryOfClient,
  findWaitlistSession,
  hasLiveBooking,
  insertWaitlistEntry,
  setWaitlistStatus,
  type WaitlistEntryRow,
  waitlistPosition,
} from './waitlist.repository';

/**
 * The waitlist of a full session: customers join it (`POST activities/waitlist`) and leave it. An
 * entry is `waiting` until a place frees; the waitlist's offers (offers.service.ts) then put the
 * place in the first waiting customer's basket, through the basket's port, held for them, and email
 * them: the entry is `offered`. The offer is `accepted` when they check out, `expired` when its hold
 * runs out, or `cancelled` when they take it out of the basket or leave.
 */

export type { WaitlistEntryRow };

export interface WaitlistDeps {
  db: Database;
  /** Releases run-out basket holds on the session first (the basket's hold keeper). */
  holds: { releaseExpired(scope: { occurrenceIds: number[] }): Promise<boolean> };
}

/** An entry with its place in the queue (1 for the first person waiting; 0 once no longer waiting). */
export interface WaitlistPlace extends WaitlistEntryRow {
  position: number;
}

async function placeOf(db: Database, entry: WaitlistEntryRow): Promise<WaitlistPlace> {
  return { ...entry, position: entry.status === 'waiting' ? await waitlistPosition(db, entry) : 0 };
}

/**
 * `POST activities/waitlist`: joins the waitlist of a full session whose activity keeps one. When a
 * place frees, the first person waiting gets it in their basket, held for them, and an email.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  acting: Acting,
  occurrenceId: number,
): Promise<WaitlistPlace> {
  const now = new Date();
  const invalid = (message: string) => AppError.validation({ occurrence_id: [message] });
  const session = await findWaitlistSession(deps.db, occurrenceId);
  if (!session || session.clientId !== acting.clientId) throw invalid(cartMessages.itemNotFound);
  if (!session.hasWaitlist) throw invalid(cartMessages.waitlistUnavailable);
  if (session.startsAt <= now) throw invalid(cartMessages.started);
  if (await deps.holds.releaseExpired({ occurrenceIds: [occurrenceId] })) {
    return joinWaitlist(deps, acting, occurrenceId);
  }
  if (session.capacity - session.bookedCount - session.heldCount > 0)
    throw invalid(cartMessages.waitlistNotFull);
  if (await hasLiveBooking(deps.db, acting.customer.id, occurrenceId)) {
    throw invalid(cartMessages.alreadyBooked);
  }
  if (await findLiveWaitlistEntry(deps.db, occurrenceId, acting.customer.id))
    throw invalid(cartMessages.alreadyWaiting);
  const entry = await insertWaitlistEntry(deps.db, occurrenceId, acting.customer.id);
  if (!entry) throw invalid(cartMessages.alreadyWaiting);
  return placeOf(deps.db, entry);
}

/** `DELETE activities/waitlist/{id}`: leaves the waitlist (404 for someone else's entry). */
export async function leaveWaitlist(
  deps: Pick<WaitlistDeps, 'db'>,
  acting: Acting,
  entryId: number,
): Promise<WaitlistPlace> {
  const entry = requireAccess(actingFor(acting), await findWaitlistEntryOfClient(deps.db, entryId));
  await setWaitlistStatus(deps.db, [entry.id], 'cancelled', ['waiting', 'offered'], new Date());
  const updated = await findWaitlistEntry(deps.db, entryId);
  return placeOf(deps.db, updated ?? entry);
}

// ---- Offers move on inside the transactions of the basket (a line released or removed) and checkout -----

/** Offers whose held place ran out (or whose basket line went with it). */
export async function expireOffers(tx: Database, entryIds: number[], now: Date): Promise<void> {
  await setWaitlistStatus(tx, entryIds, 'expired', ['offered'], now);
}

/** Offers the customer took out of their basket. */
export async function withdrawOffers(tx: Database, entryIds: number[], now: Date): Promise<void> {
  await setWaitlistStatus(tx, entryIds, 'cancelled', ['offered'], now);
}

/** Offers the customer checked out. */
export async function acceptOffers(tx: Database, entryIds: number[], now: Date): Promise<void> {
  await setWaitlistStatus(tx, entryIds, 'accepted', ['offered', 'waiting'], now);
}

/** A session the operator cancelled: its waitlist ends (entries waiting or offered are cancelled). */
export async function endWaitlistOfSession(tx: Database, occurrenceId: number): Promise<number> {
  return endEntriesOfSession(tx, occurrenceId);
}
