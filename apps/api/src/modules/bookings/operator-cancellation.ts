import type { Database } from '../../db/client';
import { creditCancelledOrder } from '../credit/credit.service';
import {
  listBookedIdsOfOccurrence,
  listBookedUserIdsOfOccurrence,
  listBookingsOfItems,
  lockBookings,
  markCancelled,
  releaseBookedPlaces,
} from './bookings.repository';
import { courseSharesOf, paidFor } from './bookings.service';

// ---- The operator cancelling a session ---------------------------------------------------------------

export interface SessionBookingCancelled {
  bookingId: number;
  userId: number;
  orderId: number;
  /** What the booking paid, given back as general credit (minor units). */
  credit: number;
  currency: string;
  activityName: string;
  startsAt: Date;
  timezone: string;
  venueName: string;
}

/**
 * Cancels every live booking of a session the operator cancelled (a bank holiday, a closed pool), in
 * the caller's transaction (which has locked the session): whatever the cut-off or the activity's
 * credit rule, each booking's paid amount comes back as general credit (one ledger row per order),
 * its places are released, and the booking is marked cancelled from 'operator'. A booking someone
 * else cancelled first is skipped, so no booking is credited twice.
 */
export async function cancelBookingsOfSession(
  tx: Database,
  occurrenceId: number,
  options: { now: Date; giveCredit: boolean },
): Promise<SessionBookingCancelled[]> {
  const ids = await listBookedIdsOfOccurrence(tx, occurrenceId);
  if (ids.length === 0) return [];
  const locked = await listBookingsOfItems(tx, [
    ...new Set((await lockBookings(tx, ids)).map((row) => row.orderItemId)),
  ]);
  const rows = locked.filter((row) => ids.includes(row.id) && row.status === 'booked');
  const shares = await courseSharesOf(tx, rows);
  const done: SessionBookingCancelled[] = [];
  for (const row of rows) {
    const amount = options.giveCredit && !row.benefitApplied ? Math.max(0, paidFor(row, shares)) : 0;
    if (!(await markCancelled(tx, row.id, { source: 'operator', credit: amount, now: options.now })))
      continue;
    await releaseBookedPlaces(tx, row.occurrenceId, row.quantity);
    done.push({
      bookingId: row.id,
      userId: row.userId,
      orderId: row.orderId,
      credit: amount,
      currency: row.currency,
      activityName: row.bundleName ?? row.activityName,
      startsAt: row.startsAt,
      timezone: row.timezone,
      venueName: row.venueName,
    });
  }
  const byOrder = new Map<number, SessionBookingCancelled[]>();
  for (const row of done) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  for (const [orderId, group] of byOrder) {
    const amount = group.reduce((sum, row) => sum + row.credit, 0);
    const first = group[0];
    if (amount <= 0 || !first) continue;
    await creditCancelledOrder(tx, {
      userId: first.userId,
      amount,
      reason: `Session cancelled by the venue: ${first.activityName} (booking ${group.map((row) => row.bookingId).join(', ')})`,
      orderId,
    });
  }
  return done;
}

/** The people booked on a session (the console tells them when it moves). */
export async function peopleBookedOn(db: Database, occurrenceId: number): Promise<number[]> {
  return listBookedUserIdsOfOccurrence(db, occurrenceId);
}
