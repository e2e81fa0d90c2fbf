import {
  type Booking,
  type BookingBundle,
  type BookingV2,
  type CreditAwarded,
  creditAwardedMessage,
  creditAwardMessage,
  cutoffMessage,
  type MyWaitlistEntry,
  myBookingsMessages,
} from '@leisure/contract/bookings';
import { formatMoney } from '@leisure/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isRaceError } from '../../db/locks';
import { AppError } from '../../errors';
import {
  dateAnswer,
  instantAnswer,
  localDateOf,
  localIso,
  localTimeOf,
  offsetMinutes,
  prettyDate,
} from '../../lib/dates';
import { EncodedJson } from '../../lib/encoded-json';
import { VersionedAnswers } from '../../lib/versioned-answers';
import type { HoldKeeper } from '../basket/holds.service';
import { creditCancelledOrder } from '../credit/credit.service';
import { mayAccess, requireAccess, requireSelf, type Viewer } from '../session/access';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { leaveWaitlist } from '../waitlist/waitlist.service';
import {
  type BookingDetailRow,
  bookingListVersion,
  findBookingDetail,
  findBundleLine,
  listBookingsOf,
  listBookingsOfItems,
  listWaitlistOf,
  lockBookings,
  markCancelled,
  nextBookingStart,
  releaseBookedPlaces,
} from './bookings.repository';

export interface MyBookingsDeps {
  db: Database;
  config: Config;
  holds: HoldKeeper;
  log: FastifyBaseLogger;
}

export type CancellationSource = 'my-account' | 'bookings' | 'foh' | 'kiosk';

// ---- Rules ------------------------------------------------------------------------------------------

/** A course's price is shared over its sessions (the first ones take the odd pennies). */
interface CourseShare {
  paid: number;
  position: number;
  total: number;
}

export async function courseSharesOf(
  db: Database,
  rows: BookingDetailRow[],
): Promise<Map<number, CourseShare>> {
  const itemIds = [...new Set(rows.filter((row) => row.bundleId !== null).map((row) => row.orderItemId))];
  const shares = new Map<number, CourseShare>();
  if (itemIds.length === 0) return shares;
  const all = await listBookingsOfItems(db, itemIds);
  const byItem = new Map<number, BookingDetailRow[]>();
  for (const row of all) byItem.set(row.orderItemId, [...(byItem.get(row.orderItemId) ?? []), row]);
  for (const sessions of byItem.values()) {
    const total = sessions.length;
    const amount = sessions[0]?.itemAmount ?? 0;
    const base = Math.floor(amount / total);
    sessions.forEach((session, index) => {
      shares.set(session.id, { paid: base + (index < amount % total ? 1 : 0), position: index + 1, total });
    });
  }
  return shares;
}

export function paidFor(row: BookingDetailRow, shares: Map<number, CourseShare>): number {
  return row.bundleId === null ? row.itemAmount : (shares.get(row.id)?.paid ?? 0);
}

function cutoffOf(row: BookingDetailRow): Date {
  return new Date(row.startsAt.getTime() - row.cutoffMinutes * 60_000);
}

/** Before the activity's cut-off (and so before the start) of a live booking. */
function beforeCutoff(row: BookingDetailRow, now: Date): boolean {
  return row.status === 'booked' && cutoffOf(row) > now && row.startsAt > now;
}

/**
 * Credit a cancellation before the cut-off gives: what was paid for the booking (money or credit),
 * when the activity awards credit. Free and benefit bookings give none.
 */
function creditFor(row: BookingDetailRow, paid: number): number {
  if (!row.creditOnCancellation || row.benefitApplied || paid <= 0) return 0;
  return paid;
}

function credit(amount: number, currency: string, notEligible = false): CreditAwarded {
  return {
    amount,
    formatted: formatMoney(amount, currency),
    message:
      amount > 0
        ? creditAwardedMessage(formatMoney(amount, currency))
        : notEligible
          ? myBookingsMessages.notEligibleForCredit
          : '',
  };
}

function bundleContext(row: BookingDetailRow, shares: Map<number, CourseShare>) {
  const share = shares.get(row.id);
  if (row.bundleId === null || !share) return null;
  return {
    id: row.orderItemId,
    settled_booking_position: share.position,
    total_settled_bookings: share.total,
  };
}

function minutesBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / 60_000);
}

// ---- Shapes -----------------------------------------------------------------------------------------

/**
 * Per-list memo of what many rows share (formatted prices, date labels, cut-off texts), and of each
 * instant's venue-local fields from one offset lookup: a member's long history is hundreds of rows.
 */
export interface ListFormatter {
  money(amount: number, currency: string): string;
  longDate(date: string): string;
  cutoff(minutes: number): string;
  local(instant: Date, timeZone: string): { date: string; time: string; iso: string };
}

export function listFormatter(): ListFormatter {
  const money = new Map<string, string>();
  const dates = new Map<string, string>();
  const cutoffs = new Map<number, string>();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    money(amount, currency) {
      const key = `${currency}|${amount}`;
      let text = money.get(key);
      if (text === undefined) {
        text = formatMoney(amount, currency);
        money.set(key, text);
      }
      return text;
    },
    longDate(date) {
      let text = dates.get(date);
      if (text === undefined) {
        text = prettyDate(date).long_pretty;
        dates.set(date, text);
      }
      return text;
    },
    cutoff(minutes) {
      let text = cutoffs.get(minutes);
      if (text === undefined) {
        text = cutoffMessage(minutes);
        cutoffs.set(minutes, text);
      }
      return text;
    },
    // The same answers as localDateOf, localTimeOf and localIso, with one offset lookup.
    local(instant, timeZone) {
      const offset = offsetMinutes(instant, timeZone);
      const wall = new Date(instant.getTime() + offset * 60_000).toISOString();
      const abs = Math.abs(offset);
      return {
        date: wall.slice(0, 10),
        time: wall.slice(11, 16),
        iso: `${wall.slice(0, 19)}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
      };
    },
  };
}

function awardsCreditIn(format: ListFormatter, row: BookingDetailRow, paid: number, now: Date) {
  const amount = creditFor(row, paid);
  const canBeAwarded = amount > 0 && beforeCutoff(row, now);
  return {
    can_be_awarded: canBeAwarded,
    message: canBeAwarded
      ? creditAwardMessage(format.money(amount, row.currency))
      : myBookingsMessages.notEligibleForCredit,
  };
}

function toBooking(
  row: BookingDetailRow,
  shares: Map<number, CourseShare>,
  now: Date,
  format: ListFormatter = listFormatter(),
): Booking {
  const tz = row.timezone;
  const paid = paidFor(row, shares);
  const isCourse = row.bundleId !== null;
  const starts = format.local(row.startsAt, tz);
  const ends = format.local(row.endsAt, tz);
  return {
    id: row.id,
    status: row.status,
    date: format.longDate(starts.date),
    date_raw: starts.date,
    time: `${starts.time} - ${ends.time}`,
    description: row.description,
    simple_name: row.bundleName ?? row.activityName,
    category: row.categoryName,
    venue: row.venueSlug,
    venue_name: row.venueName,
    price: format.money(paid, row.currency),
    order_id: row.orderId,
    // A course's sessions are cancelled together, from the course page.
    can_be_cancelled: !isCourse && beforeCutoff(row, now),
    is_v2_booking: false,
    booking_type: isCourse ? 'courses' : 'other',
    booking_bundle_context: bundleContext(row, shares),
    attended: null,
    activity_id: row.activityId,
    item: {
      date: dateAnswer(starts.date),
      starts_at: { raw: starts.iso, ...instantAnswer(row.startsAt, tz) },
      ends_at: { raw: ends.iso, ...instantAnswer(row.endsAt, tz) },
      duration: `${minutesBetween(row.startsAt, row.endsAt)}min`,
      location: {
        id: String(row.locationId),
        name: row.locationName,
        type: row.locationType,
        slug: row.locationSlug,
        venue_id: row.venueId,
        venue_slug: row.venueSlug,
      },
    },
    cancellation_cutoff: { cutoff_message: format.cutoff(row.cutoffMinutes) },
    awards_credit: awardsCreditIn(format, row, paid, now),
  };
}

function toBookingV2(row: BookingDetailRow, shares: Map<number, CourseShare>, now: Date): BookingV2 {
  const tz = row.timezone;
  const paid = paidFor(row, shares);
  const isCourse = row.bundleId !== null;
  const canCancel = !isCourse && beforeCutoff(row, now);
  return {
    id: row.id,
    status: row.status,
    attended: null,
    cancellation: { can_cancel: canCancel, cut_off: localIso(cutoffOf(row), tz) },
    cancellation_cut_off: {
      cutoff_action: canCancel ? 'cancel' : 'none',
      cutoff_message: cutoffMessage(row.cutoffMinutes),
    },
    cancellation_awards_credit: awardsCreditIn(listFormatter(), row, paid, now),
    duration: `${minutesBetween(row.startsAt, row.endsAt)}min`,
    starts_at: { local: localIso(row.startsAt, tz) },
    ends_at: { local: localIso(row.endsAt, tz) },
    location_name: row.locationName,
    venue: { id: row.venueId, name: row.venueName },
    category: { name: row.categoryName },
    name: row.bundleName ?? row.activityName,
    price: { formatted: formatMoney(paid, row.currency), raw: paid },
    description: row.description,
    order_id: row.orderId,
    booking_type: isCourse ? 'courses' : 'other',
    booking_bundle_context: bundleContext(row, shares),
    order: { id: row.orderId },
  };
}

// ---- Reads ------------------------------------------------------------------------------------------

/**
 * `GET my-account/bookings?filter=future|past|all`: upcoming soonest first, historic latest first;
 * `all` is the upcoming ones followed by the historic ones.
 */
export async function listMyBookings(
  db: Database,
  userId: number,
  filter: 'future' | 'past' | 'all',
  now = new Date(),
): Promise<Booking[]> {
  const rows = [
    ...(filter === 'past' ? [] : await listBookingsOf(db, userId, { startsAfter: now })),
    ...(filter === 'future' ? [] : await listBookingsOf(db, userId, { startsBefore: now })),
  ];
  return describeBookings(db, rows, now);
}

/** The list answer for these rows, with each course booking's share of what its course cost. */
async function describeBookings(db: Database, rows: BookingDetailRow[], now: Date): Promise<Booking[]> {
  const shares = await courseSharesOf(db, rows);
  const format = listFormatter();
  return rows.map((row) => toBooking(row, shares, now, format));
}

/**
 * `GET my-account/bookings?filter=future|past`, encoded. The dashboard asks for the upcoming ones on
 * every page load, and a member's history is hundreds of rows that rarely change, with no paging: each
 * process keeps the last answer it built per member and list with the version of what it shows
 * (bookings.repository bookingListVersion, moved by database triggers on any change to a row the lists
 * show) and sends it again while the database gives the same version and time has not changed it
 * (`validUntil`). The version is read on every call, so every replica answers what the database holds now.
 */
const keptAnswers = new VersionedAnswers<EncodedJson>(256);

export async function myBookingsJson(
  db: Database,
  userId: number,
  filter: 'future' | 'past',
  encode: (data: Booking[]) => string,
  now = new Date(),
): Promise<EncodedJson> {
  const version = await bookingListVersion(db, userId);
  const key = `${filter}:${userId}`;
  const kept = keptAnswers.get(db, key, version, now);
  if (kept !== undefined) return kept;
  // Rows read after the version: a change committed in between moves the version on, so the next call
  // builds the answer again.
  const rows = await listBookingsOf(
    db,
    userId,
    filter === 'future' ? { startsAfter: now } : { startsBefore: now },
  );
  const body = new EncodedJson(encode(await describeBookings(db, rows, now)));
  const validUntil =
    filter === 'future'
      ? upcomingValidUntil(rows, now)
      : // The history takes in the next live booking when it starts (a booking made later moves the version).
        await nextBookingStart(db, userId, now);
  keptAnswers.set(db, key, { version, body, builtAt: now, validUntil });
  return body;
}

/**
 * The last instant the upcoming list built at `now` still holds: a booking leaves it once its session
 * has started, and its cancel and credit answers change at its cut-off (null: nothing to change).
 */
function upcomingValidUntil(rows: BookingDetailRow[], now: Date): Date | null {
  let until: number | null = null;
  for (const row of rows) {
    const closes = Math.min(cutoffOf(row).getTime(), row.startsAt.getTime());
    // Still open: it holds until just before the cut-off; closed: until the session starts.
    const last = closes > now.getTime() ? closes - 1 : row.startsAt.getTime();
    until = until === null ? last : Math.min(until, last);
  }
  return until === null ? null : new Date(until);
}

/** `GET v1/activities/bookings?user_id&starts_after|starts_before`: the signed-in customer's only (403). */
export async function listActivityBookings(
  db: Database,
  auth: Auth,
  query: { user_id: number; starts_after?: string | undefined; starts_before?: string | undefined },
  now = new Date(),
): Promise<BookingV2[]> {
  requireSelf(auth, query.user_id, myBookingsMessages.wrongUser);
  const range = query.starts_after
    ? { startsAfter: new Date(query.starts_after) }
    : { startsBefore: new Date(query.starts_before ?? now.toISOString()) };
  const rows = await listBookingsOf(db, auth.user.id, range);
  const shares = await courseSharesOf(db, rows);
  return rows.map((row) => toBookingV2(row, shares, now));
}

// ---- Cancelling ---------------------------------------------------------------------------------------

interface CancelOutcome {
  cancelled: { id: number; credit: number }[];
  currency: string;
  occurrenceIds: number[];
}

/**
 * Cancels bookings of one customer in one transaction: the booking rows are locked (id order), so a
 * second cancel of the same booking waits and then finds it cancelled (422); places come back once
 * and credit is written once, with the cancellation. Anything refused changes nothing.
 */
async function cancelLocked(
  deps: MyBookingsDeps,
  viewer: Viewer,
  bookingIds: number[],
  source: CancellationSource,
  mode: { course: 'refuse' | 'skip-closed'; field: string },
): Promise<CancelOutcome> {
  const now = new Date();
  const ids = [...new Set(bookingIds)].sort((a, b) => a - b);
  let outcome: CancelOutcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const locked = await lockBookings(tx, ids);
      if (locked.length !== ids.length || locked.some((row) => !mayAccess(viewer, row)))
        throw AppError.notFound();
      const rows = (await listBookingsOfItems(tx, [...new Set(locked.map((row) => row.orderItemId))])).filter(
        (row) => ids.includes(row.id),
      );
      const shares = await courseSharesOf(tx, rows);
      const refuse = (message: string) => AppError.validation({ [mode.field]: [message] });
      let targets = rows;
      if (mode.course === 'refuse') {
        for (const row of rows) {
          if (row.status !== 'booked') throw refuse(myBookingsMessages.alreadyCancelled);
          if (row.bundleId !== null) throw refuse(myBookingsMessages.courseSession);
          if (!beforeCutoff(row, now)) throw refuse(myBookingsMessages.cutoffPassed);
        }
      } else {
        targets = rows.filter((row) => beforeCutoff(row, now));
        if (targets.length === 0) {
          throw refuse(
            rows.every((row) => row.status === 'cancelled')
              ? myBookingsMessages.bundleCancelled
              : myBookingsMessages.bundleClosed,
          );
        }
      }
      const cancelled: { id: number; credit: number }[] = [];
      // Sessions' rows are updated in id order, as every writer of places does (no deadlocks).
      for (const row of [...targets].sort((a, b) => a.occurrenceId - b.occurrenceId || a.id - b.id)) {
        const amount = creditFor(row, paidFor(row, shares));
        if (!(await markCancelled(tx, row.id, { source, credit: amount, now }))) {
          throw refuse(myBookingsMessages.alreadyCancelled);
        }
        await releaseBookedPlaces(tx, row.occurrenceId, row.quantity);
        cancelled.push({ id: row.id, credit: amount });
      }
      // One ledger row per order and request (a course's sessions together), in this transaction.
      const byOrder = new Map<number, { amount: number; name: string; ids: number[] }>();
      for (const row of targets) {
        const amount = cancelled.find((c) => c.id === row.id)?.credit ?? 0;
        const entry = byOrder.get(row.orderId) ?? {
          amount: 0,
          name: row.bundleName ?? row.activityName,
          ids: [],
        };
        byOrder.set(row.orderId, { ...entry, amount: entry.amount + amount, ids: [...entry.ids, row.id] });
      }
      for (const [orderId, entry] of byOrder) {
        if (entry.amount <= 0) continue;
        await creditCancelledOrder(tx, {
          userId: viewer.user.id,
          amount: entry.amount,
          reason: `Cancelled ${entry.name} (booking ${entry.ids.sort((a, b) => a - b).join(', ')})`,
          orderId,
        });
      }
      return {
        cancelled: cancelled.sort((a, b) => a.id - b.id),
        currency: rows[0]?.currency ?? 'GBP',
        occurrenceIds: targets.map((row) => row.occurrenceId),
      };
    });
  } catch (error) {
    if (isRaceError(error)) throw new AppError('conflict');
    throw error;
  }
  // Freed places go to the waitlists the way a released basket hold does (docs/decisions/007).
  try {
    await deps.holds.offerFreedPlaces(outcome.occurrenceIds);
  } catch (error) {
    deps.log.warn({ err: error }, 'could not offer places freed by a cancellation');
  }
  return outcome;
}

function creditTotal(outcome: CancelOutcome): CreditAwarded {
  const total = outcome.cancelled.reduce((sum, row) => sum + row.credit, 0);
  return credit(total, outcome.currency, true);
}

/** `PATCH v1/activities/bookings` (update_type cancellation): cancels the customer's bookings. */
export async function cancelBookings(
  deps: MyBookingsDeps,
  viewer: Viewer,
  bookingIds: number[],
  source: CancellationSource,
) {
  const outcome = await cancelLocked(deps, viewer, bookingIds, source, {
    course: 'refuse',
    field: 'booking_ids',
  });
  return {
    data: outcome.cancelled.map((row) => ({
      id: row.id,
      status: 'cancelled' as const,
      credit: credit(row.credit, outcome.currency, true),
    })),
    credit: creditTotal(outcome),
  };
}

/** `DELETE activities/bookings/{id}`: cancels one booking; answers it (v2 shape) and the credit. */
export async function cancelBookingV2(
  deps: MyBookingsDeps,
  viewer: Viewer,
  bookingId: number,
  source: CancellationSource,
) {
  const outcome = await cancelLocked(deps, viewer, [bookingId], source, {
    course: 'refuse',
    field: 'booking',
  });
  const row = await findBookingDetail(deps.db, bookingId);
  if (!row) throw AppError.notFound();
  const shares = await courseSharesOf(deps.db, [row]);
  return { data: toBookingV2(row, shares, new Date()), credit: creditTotal(outcome) };
}

// ---- Course bookings ----------------------------------------------------------------------------------

async function loadBundle(db: Database, viewer: Viewer, bookingBundleId: number) {
  const line = requireAccess(viewer, await findBundleLine(db, bookingBundleId));
  if (line.bundleId === null) throw AppError.notFound();
  const sessions = await listBookingsOfItems(db, [line.id]);
  if (sessions.length === 0) throw AppError.notFound();
  return { line, sessions };
}

/** `GET v1/activities/bookings/bundles/{id}`: the customer's course booking with its sessions. */
export async function getBookingBundle(
  db: Database,
  viewer: Viewer,
  bookingBundleId: number,
  now = new Date(),
): Promise<BookingBundle> {
  const { line, sessions } = await loadBundle(db, viewer, bookingBundleId);
  const shares = await courseSharesOf(db, sessions);
  const first = sessions[0] as BookingDetailRow;
  const open = sessions.filter((row) => beforeCutoff(row, now));
  const creditNow = open.reduce((sum, row) => sum + creditFor(row, paidFor(row, shares)), 0);
  const cancelledCount = sessions.filter((row) => row.status === 'cancelled').length;
  const instructors = [
    ...new Set(sessions.flatMap((row) => (row.instructorName ? [row.instructorName] : []))),
  ];
  return {
    id: line.id,
    name: first.bundleName ?? first.activityName,
    description: first.description,
    status:
      cancelledCount === 0
        ? 'booked'
        : cancelledCount === sessions.length
          ? 'cancelled'
          : 'partially_cancelled',
    category: { name: first.categoryName },
    venue: { name: first.venueName },
    instructors: instructors.map((name) => ({ name })),
    schedule_id: line.bundleId,
    bookings: sessions.map((row) => ({
      id: row.id,
      status: row.status,
      starts_at: { local: localIso(row.startsAt, row.timezone) },
      ends_at: { local: localIso(row.endsAt, row.timezone) },
      location_name: row.locationName,
      venue: { name: row.venueName },
      spots: row.startsAt > now ? Math.max(0, row.spots) : null,
    })),
    total_price: {
      value: line.amount,
      formatted: formatMoney(line.amount, line.currency),
      currency: line.currency,
    },
    order_id: line.orderId,
    cancellation: { can_cancel: open.length > 0, credit: credit(creditNow, line.currency, true) },
  };
}

/** `PATCH v1/activities/bookings/bundles/{id}/cancel`: cancels every session still before its cut-off. */
export async function cancelBookingBundle(
  deps: MyBookingsDeps,
  viewer: Viewer,
  bookingBundleId: number,
  source: CancellationSource,
) {
  const { sessions } = await loadBundle(deps.db, viewer, bookingBundleId);
  const outcome = await cancelLocked(
    deps,
    viewer,
    sessions.map((row) => row.id),
    source,
    { course: 'skip-closed', field: 'booking_bundle' },
  );
  return { data: await getBookingBundle(deps.db, viewer, bookingBundleId), credit: creditTotal(outcome) };
}

// ---- Waitlist -----------------------------------------------------------------------------------------

/** `GET my-account/waitlist`: live entries on sessions that have not started. */
export async function listMyWaitlist(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<MyWaitlistEntry[]> {
  const rows = await listWaitlistOf(db, userId, now);
  return rows.map((row) => {
    const localDate = localDateOf(row.startsAt, row.timezone);
    return {
      id: row.id,
      status: row.status,
      position: row.status === 'waiting' ? row.position : 0,
      date_raw: localDate,
      waitlistable: {
        id: row.occurrenceId,
        name: row.activityName,
        starts_at: localTimeOf(row.startsAt, row.timezone),
        ends_at: localTimeOf(row.endsAt, row.timezone),
        venue_name: row.venueName,
        location: { name: row.locationName },
        date: prettyDate(localDate).long_pretty,
      },
      order: null,
    };
  });
}

/** `DELETE my-account/waitlist/{id}`: the basket's own "leave the waitlist" (404 for someone else's). */
export async function leaveMyWaitlist(deps: MyBookingsDeps, auth: Auth, waitlistId: number) {
  const acting = await resolveActing(deps, auth, undefined);
  const entry = await leaveWaitlist(deps, acting, waitlistId);
  return { id: entry.id, status: entry.status };
}
