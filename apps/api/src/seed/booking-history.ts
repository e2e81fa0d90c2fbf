import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { addedLineKind } from '../lib/basket-line-kinds';
import { creditCancelledOrder } from '../modules/credit/credit.service';
import {
  addBookedPlaces,
  insertBookingRows,
  insertCompletedCarts,
  insertOrderItemRows,
  insertOrderRows,
  insertPaymentRows,
} from './booking-rows';

/**
 * Bookings made without a basket, as checkout would have written them: a completed basket, the
 * order, its lines and bookings, and the booked places. The seed (two years of history in a few
 * batches) and the API tests make bookings through this.
 */
export interface PastOrder {
  userId: number;
  createdAt: Date;
  currency?: string;
  /** How a total above zero was paid (a card payment row); default card. */
  paidBy?: 'card' | 'cash';
  lines: {
    activityId: number;
    venueId: number;
    pricingOptionId: number | null;
    /** A course line: the bundle, and every session in `occurrenceIds`. */
    bundleId?: number | null;
    occurrenceIds: number[];
    /** The whole line, minor units (0: free). */
    amount: number;
    benefitApplied?: boolean;
    quantity?: number;
    /** Cancelled bookings of history (no places are taken for them). */
    cancelled?: boolean;
    /** A cancelled line that gave back what was paid as general credit (ledger row too). */
    creditOnCancel?: boolean;
  }[];
}

export interface RecordedOrder {
  orderId: number;
  /** Per line: its order item id and booking ids. */
  lines: { orderItemId: number; bookingIds: number[] }[];
}

export async function recordOrders(
  db: Database,
  clientId: number,
  past: PastOrder[],
): Promise<RecordedOrder[]> {
  if (past.length === 0) return [];
  const cartIds = await insertCompletedCarts(
    db,
    past.map((order) => ({
      uuid: randomUUID(),
      clientId,
      userId: order.userId,
      completedAt: order.createdAt,
    })),
  );
  const orders = await insertOrderRows(
    db,
    past.map((order, index) => ({
      clientId,
      cartId: cartIds[index] as number,
      userId: order.userId,
      createdByUserId: order.userId,
      source: 'activity-booking',
      currency: order.currency ?? 'GBP',
      total: order.lines.reduce((sum, line) => sum + line.amount, 0),
      createdAt: order.createdAt,
    })),
  );
  const itemRows = past.flatMap((order, index) =>
    order.lines.map((line) => ({
      orderId: orders[index]?.id as number,
      cartableType: addedLineKind('activity', { inCourse: Boolean(line.bundleId) }),
      name: '',
      activityId: line.activityId,
      venueId: line.venueId,
      occurrenceId: line.bundleId ? null : (line.occurrenceIds[0] ?? null),
      bundleId: line.bundleId ?? null,
      pricingOptionId: line.pricingOptionId,
      purchasedForUserId: order.userId,
      quantity: line.quantity ?? 1,
      amount: line.amount,
      benefitApplied: line.benefitApplied ?? false,
    })),
  );
  const items = await insertOrderItemRows(db, itemRows);
  const lines = past.flatMap((order) => order.lines.map((line) => ({ order, line })));
  const bookingRows = lines.flatMap(({ order, line }, index) =>
    line.occurrenceIds.map((occurrenceId) => ({
      orderId: items[index]?.orderId as number,
      orderItemId: items[index]?.id as number,
      userId: order.userId,
      occurrenceId,
      quantity: line.quantity ?? 1,
      status: line.cancelled ? ('cancelled' as const) : ('booked' as const),
      createdAt: order.createdAt,
      cancelledAt: line.cancelled ? order.createdAt : null,
      cancellationSource: line.cancelled ? 'my-account' : null,
      cancellationCredit: line.cancelled && line.creditOnCancel ? line.amount : 0,
    })),
  );
  const bookingIds = await insertBookingRows(db, bookingRows);
  await insertPaymentRows(
    db,
    past.flatMap((order, index) => {
      const total = order.lines.reduce((sum, line) => sum + line.amount, 0);
      if (total <= 0) return [];
      const card = (order.paidBy ?? 'card') === 'card';
      return [
        {
          orderId: orders[index]?.id as number,
          tenderType: card ? 'card' : 'cash',
          amount: total,
          provider: card ? 'sandbox' : null,
          providerReference: card ? `seed-${orders[index]?.id}` : null,
          cardBrand: card ? 'visa' : null,
          cardLast4: card ? '4242' : null,
          createdAt: order.createdAt,
        },
      ];
    }),
  );
  for (const [index, order] of past.entries()) {
    for (const line of order.lines) {
      if (line.cancelled && line.creditOnCancel && line.amount > 0) {
        await creditCancelledOrder(db, {
          userId: order.userId,
          amount: line.amount,
          reason: 'Cancelled booking',
          orderId: orders[index]?.id as number,
          createdAt: order.createdAt,
        });
      }
    }
  }
  const places = new Map<number, number>();
  for (const row of bookingRows) {
    if (row.status === 'booked')
      places.set(row.occurrenceId, (places.get(row.occurrenceId) ?? 0) + row.quantity);
  }
  if ((await addBookedPlaces(db, places)) !== places.size) {
    throw new Error('a session has no place left for a recorded booking');
  }
  let cursor = 0;
  let itemIndex = 0;
  return past.map((order, index) => ({
    orderId: orders[index]?.id as number,
    lines: order.lines.map((line) => {
      const ids = bookingIds.slice(cursor, cursor + line.occurrenceIds.length);
      cursor += line.occurrenceIds.length;
      const orderItemId = items[itemIndex]?.id as number;
      itemIndex += 1;
      return { orderItemId, bookingIds: ids };
    }),
  }));
}
