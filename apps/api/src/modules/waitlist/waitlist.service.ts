import { cartMessages } from '@leisure/contract/cart';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { actingFor, requireAccess } from '../session/access';
import type { Acting } from '../session/acting';
import {
  expireOffersWithoutLine,
  findLiveWaitlistEntry,
  findWaitlistEntry,
  findWaitlistEntryOfClient,
  findWaitlistSession,
  hasLiveBooking,
  insertWaitlistEntry,
  listUpcomingWaitlistedWithSpace,
  listWaitlistedWithSpace,
  lockFirstWaiting,
  setWaitlistStatus,
  type WaitlistEntryRow,
  waitlistPosition,
} from './waitlist.repository';

/**
 * The waitlist of a full session: customers join it (`POST activities/waitlist`) and leave it. An
 * entry is `waiting` until a place frees; the basket's hold keeper (basket/holds.service.ts) then
 * puts the place in the first waiting customer's basket, held for them, and emails them: the entry
 * is `offered`. The offer is `accepted` when they check out, `expired` when its hold runs out, or
 * `cancelled` when they take it out of the basket or leave.
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

// ---- Offers: the basket's hold keeper and checkout move entries on, inside their transactions ----------

/** Sessions (of these) with someone waiting and a place free now. */
export async function sessionsToOffer(db: Database, occurrenceIds: number[]): Promise<number[]> {
  return listWaitlistedWithSpace(db, occurrenceIds);
}

/** The first person waiting for a session, locked (another replica offering at once skips them). */
export async function lockFirstInLine(
  tx: Database,
  occurrenceId: number,
): Promise<WaitlistEntryRow | undefined> {
  return lockFirstWaiting(tx, occurrenceId);
}

/** A freed place was put in the waiting customer's basket. */
export async function markOffered(tx: Database, entryId: number, now: Date): Promise<void> {
  await setWaitlistStatus(tx, [entryId], 'offered', ['waiting'], now);
}

/** The session started or went before a place could be offered. */
export async function expireWaiting(tx: Database, entryId: number, now: Date): Promise<void> {
  await setWaitlistStatus(tx, [entryId], 'expired', ['waiting'], now);
}

/** The waiting customer is no longer a customer of the operator. */
export async function cancelWaiting(tx: Database, entryId: number, now: Date): Promise<void> {
  await setWaitlistStatus(tx, [entryId], 'cancelled', ['waiting'], now);
}

/**
 * The sweep's repair after a crash between releasing an offer's hold and expiring the offer: such
 * offers expire, and every upcoming session with a free place and someone waiting is answered, so
 * the place is offered on. Answers those sessions.
 */
export async function sessionsToOfferAfterCrash(db: Database, now: Date): Promise<number[]> {
  await expireOffersWithoutLine(db);
  return listUpcomingWaitlistedWithSpace(db, now);
}

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
