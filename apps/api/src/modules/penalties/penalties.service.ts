import type { CartItem } from '@leisure/contract/cart';
import { formatMoney } from '@leisure/contract/money';
import { type Penalty, paymentsMessages, penaltyTypeLabels } from '@leisure/contract/payments';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import { dateAnswer, instantAnswer, localDateOf, localTimeOf } from '../../lib/dates';
import { defaultZone, ukDateOf } from '../../lib/order-formats';
import { actingFor, mayAccess, type Viewer } from '../session/access';
import type { Auth } from '../session/session';
import {
  findPenaltyDetail,
  findVenueOfClient,
  hasUnpaidPenalties,
  insertPenalty,
  insertPenaltyLink,
  listLinkedPenaltyIds,
  listPenaltyLinesOfCart,
  listUnpaidPenalties,
  lockPenalties,
  lockPenaltiesOfLines,
  markPenaltyPaid,
  type PenaltyDetail,
  type PenaltyLine,
  setPenaltyLineOrderItem,
} from './penalties.repository';

/**
 * Penalties (fees a customer owes: late cancellation, no-show, ...): the customer's unpaid list, the
 * basket lines that pay them, and the record staff and the seed charge (payments.service issuePenalty).
 * The one writer of penalties and penalty_cart_lines.
 */

// ---- Penalties ----------------------------------------------------------------------------------------

function describePenalty(detail: PenaltyDetail): Penalty {
  const { penalty } = detail;
  const zone = detail.timezone ?? defaultZone;
  const when = detail.sessionStartsAt ?? penalty.createdAt;
  return {
    id: penalty.id,
    type: penalty.type,
    type_label: penaltyTypeLabels[penalty.type],
    fee_amount: { amount: penalty.amount, formatted: formatMoney(penalty.amount, penalty.currency) },
    cart_type: 'penalty',
    pricing_option_id: null,
    created_at: penalty.createdAt.toISOString(),
    booking: {
      venue: detail.venueName ?? '',
      description: penalty.description,
      date: ukDateOf(when, zone),
      time: detail.sessionStartsAt ? localTimeOf(detail.sessionStartsAt, zone) : '',
    },
  };
}

/** `GET api/my-account/user/penalties`: the signed-in customer's unpaid fees. */
export async function listPenalties(deps: { db: Database }, auth: Auth): Promise<Penalty[]> {
  return (await listUnpaidPenalties(deps.db, auth.user.id)).map(describePenalty);
}

/** The auth user's `has_outstanding_penalties`. */
export async function hasOutstandingPenalties(db: Database, userId: number): Promise<boolean> {
  return hasUnpaidPenalties(db, userId);
}

// ---- Penalties in the basket (used by modules/basket and modules/checkout) ----------------------------

export interface PenaltyLinePlan {
  penaltyId: number;
  amount: number;
  venueId: number;
}

/**
 * Locks the penalties a basket add names and checks each is the customer's own, unpaid, and in no
 * basket line yet; answers what the lines are. Runs inside the basket's transaction.
 */
export async function planPenaltyLines(
  tx: Database,
  acting: { clientId: number; customer: Viewer['user'] & { homeVenueId: number | null } },
  items: { index: number; penaltyId: number }[],
): Promise<PenaltyLinePlan[]> {
  const ids = [...new Set(items.map((item) => item.penaltyId))];
  const locked = await lockPenalties(tx, ids);
  const linked = await listLinkedPenaltyIds(tx, ids);
  const fallbackVenue = await findVenueOfClient(tx, acting.clientId, acting.customer.homeVenueId);
  const errors: FieldErrors = {};
  const plans: PenaltyLinePlan[] = [];
  for (const { index, penaltyId } of items) {
    const penalty = locked.find((row) => row.id === penaltyId);
    const at = `items.${index}.id`;
    if (!penalty || !mayAccess(actingFor(acting), penalty)) {
      errors[at] = [paymentsMessages.penaltyNotPayable];
    } else if (penalty.status !== 'unpaid') {
      errors[at] = [paymentsMessages.penaltyNotPayable];
    } else if (linked.includes(penaltyId) || plans.some((plan) => plan.penaltyId === penaltyId)) {
      errors[at] = [paymentsMessages.penaltyInBasket];
    } else {
      const venueId = penalty.venueId ?? fallbackVenue?.id;
      if (venueId === undefined) errors[at] = [paymentsMessages.penaltyNotPayable];
      else plans.push({ penaltyId, amount: penalty.amount, venueId });
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return plans;
}

/** Records which basket line pays a penalty (the unique penalty id keeps it to one line). */
export async function linkPenaltyLine(tx: Database, cartItemId: number, penaltyId: number): Promise<void> {
  await insertPenaltyLink(tx, cartItemId, penaltyId);
}

/** The basket's penalty lines as the basket shows them. */
export async function penaltyCartItems(db: Database, cartId: number, currency: string): Promise<CartItem[]> {
  const lines = await listPenaltyLinesOfCart(db, cartId);
  return lines.map((line) => penaltyCartItemOf(line, currency));
}

function penaltyCartItemOf(line: PenaltyLine, currency: string): CartItem {
  const { penalty } = line;
  const zone = line.timezone ?? defaultZone;
  const when = line.sessionStartsAt ?? penalty.createdAt;
  const date = localDateOf(when, zone);
  return {
    id: line.cartItemId,
    name: penaltyTypeLabels[penalty.type],
    price: {
      formatted: formatMoney(line.amount, currency),
      decimal: (line.amount / 100).toFixed(2),
      raw: line.amount,
      benefit_applied: false,
      package_applied: false,
    },
    quantity: 1,
    cartable_type: 'penalty',
    cartable_id: penalty.id,
    cartable_resource: {
      name: penalty.description,
      venue_name: line.venueName ?? '',
      venue_slug: '',
      activity_slug: '',
      starts_at: instantAnswer(when, zone),
      ends_at: instantAnswer(when, zone),
      date: dateAnswer(date),
      date_raw: date,
      time: line.sessionStartsAt ? localTimeOf(line.sessionStartsAt, zone) : '',
      duration: '',
      location: { id: '', name: line.venueName ?? '', type: 'venue', slug: '', venue_id: 0, venue_slug: '' },
      occurrence_id: null,
      instructor: null,
      new_membership: null,
    },
    child_items: [],
    membership_user_id: null,
    purchased_for_user_id: line.purchasedForUserId,
    pricing_option_id: 0,
    needs_waiver: false,
    hold_expires_at: new Date(0).toISOString(),
    from_waitlist: false,
  };
}

/** Checkout's check before it charges: every penalty line still pays an unpaid penalty (422 if not). */
export async function assertPenaltyLinesPayable(tx: Database, cartItemIds: number[]): Promise<void> {
  const rows = await lockPenaltiesOfLines(tx, cartItemIds);
  if (rows.length !== cartItemIds.length || rows.some((row) => row.penalty.status !== 'unpaid')) {
    throw AppError.validation({ items: [paymentsMessages.penaltyNotPayable] });
  }
}

/**
 * Marks the penalties of an order's lines paid, in the order's transaction. A conditional update:
 * a penalty already paid (another order, staff) makes the whole checkout roll back with 409.
 */
export async function payPenaltyLines(
  tx: Database,
  orderId: number,
  lines: { cartItemId: number; orderItemId: number }[],
  now: Date,
): Promise<void> {
  if (lines.length === 0) return;
  const rows = await lockPenaltiesOfLines(
    tx,
    lines.map((line) => line.cartItemId),
  );
  if (rows.length !== lines.length) throw new AppError('conflict', paymentsMessages.penaltyNotPayable);
  for (const row of rows) {
    if (!(await markPenaltyPaid(tx, row.penalty.id, orderId, now))) {
      throw new AppError('conflict', paymentsMessages.penaltyNotPayable);
    }
    const line = lines.find((l) => l.cartItemId === row.cartItemId);
    if (line) await setPenaltyLineOrderItem(tx, line.cartItemId, line.orderItemId);
  }
}

// ---- Charging a penalty (payments.service issuePenalty: staff, the seed) --------------------------------

/** A venue of the operator (the first by id when `venueId` is empty), as penalties and staff tools check it. */
export async function venueOfClient(
  db: Database,
  clientId: number,
  venueId: number | null | undefined,
): Promise<{ id: number; name: string } | undefined> {
  return findVenueOfClient(db, clientId, venueId);
}

/** Records a checked penalty (unpaid) and answers it as the customer's list shows it. */
export async function recordPenalty(
  db: Database,
  values: Parameters<typeof insertPenalty>[1],
): Promise<Penalty> {
  const row = await insertPenalty(db, values);
  const detail = await findPenaltyDetail(db, row.id);
  if (!detail) throw new Error('penalty not found after insert');
  return describePenalty(detail);
}
