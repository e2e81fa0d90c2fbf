import type { Database } from '../db/client';
import { creditTransactions } from '../db/schema';
import { addDays, localDateOf } from '../lib/dates';
import { createCustomer } from '../modules/auth/auth.service';
import { issueCredit, issuePenalty } from '../modules/payments/payments.service';
import { saveCard } from '../modules/saved-cards/saved-cards.service';
import { recordOrders } from './booking-history';
import { findActivityWithStandardPrice } from './booking-rows';
import type { SeededOperator } from './operator';
import { addPastSessions } from './past-sessions';

const password = 'Member-Pass-1';
/** Orders for orders@example.com: several pages of 20 in the order history. */
const historyOrders = 95;

const billing = (firstName: string, lastName: string) => ({
  firstName,
  lastName,
  addressLine1: '8 Mill Lane',
  addressLine2: 'Holbeck',
  town: 'Leeds',
  postcode: 'LS11 9AB',
});

/**
 * Demo data for the payments area (issue 5): penalties@example.com owes fees at several venues and
 * has credit added and spent and a saved card; expiredcard@example.com has an expired saved card;
 * orders@example.com has several pages of order history.
 */
export async function seedPaymentsArea(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
): Promise<void> {
  const [first, second, third] = venues;
  if (!first) return;
  const now = new Date();

  // ---- Fees, credit and a saved card ----
  const owing = await createCustomer(db, clientId, {
    email: 'penalties@example.com',
    password,
    firstName: 'Robin',
    lastName: 'Hughes',
    dateOfBirth: '1985-06-21',
    addressLine1: '8 Mill Lane',
    town: 'Leeds',
    postcode: 'LS11 9AB',
    homeVenueId: first.id,
    termsAcceptedAt: now,
  });
  const fees = [
    { type: 'late_cancellation', amount: 500, venue: first, description: 'Badminton 40min' },
    { type: 'no_show', amount: 750, venue: second ?? first, description: 'Spin Express' },
    { type: 'late_cancellation', amount: 350, venue: third ?? first, description: 'Yoga Flow' },
    { type: 'membership_debt', amount: 3299, venue: first, description: 'Failed monthly payment' },
  ] as const;
  for (const fee of fees) {
    await issuePenalty(db, clientId, owing.id, {
      type: fee.type,
      amount: fee.amount,
      description: fee.description,
      venue_id: fee.venue.id,
    });
  }
  const addedAt = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  await issueCredit(db, clientId, owing.id, {
    amount: 1500,
    reason: 'Cancelled booking',
    description: 'Credit for the cancelled Aqua Fit class',
    venue_id: first.id,
    expires_at: new Date(now.getTime() + 180 * 86_400_000).toISOString(),
  });
  await issueCredit(db, clientId, owing.id, {
    amount: 1000,
    reason: 'Goodwill gesture',
    description: 'Sorry the pool was closed',
    venue_id: (second ?? first).id,
  });
  await issueCredit(db, clientId, owing.id, {
    amount: 2000,
    type: 'membership',
    reason: 'Membership refund',
    description: 'Part refund of a frozen month',
  });
  // Spent credit: ledger rows as checkout writes them (negative), backdated.
  await db.insert(creditTransactions).values([
    {
      userId: owing.id,
      type: 'general',
      amount: -600,
      reason: 'Spent on a Badminton 40min booking',
      venueId: first.id,
      createdAt: addedAt(12),
    },
    {
      userId: owing.id,
      type: 'general',
      amount: -450,
      reason: 'Spent on a Yoga Flow booking',
      venueId: (third ?? first).id,
      createdAt: addedAt(5),
    },
  ]);
  await saveCard(db, {
    userId: owing.id,
    provider: 'sandbox',
    token: 'seed-card-penalties',
    brand: 'mastercard',
    last4: '4444',
    expiryMonth: 11,
    expiryYear: now.getUTCFullYear() + 3,
    billing: billing('Robin', 'Hughes'),
  });

  // ---- An expired saved card ----
  const expired = await createCustomer(db, clientId, {
    email: 'expiredcard@example.com',
    password,
    firstName: 'Casey',
    lastName: 'Ward',
    dateOfBirth: '1990-01-15',
    homeVenueId: first.id,
    termsAcceptedAt: now,
  });
  await saveCard(db, {
    userId: expired.id,
    provider: 'sandbox',
    token: 'seed-card-expired',
    brand: 'mastercard',
    last4: '5100',
    expiryMonth: 1,
    expiryYear: now.getUTCFullYear() - 1,
    billing: billing('Casey', 'Ward'),
  });

  // ---- Many pages of orders, written in batches ----
  const buyer = await createCustomer(db, clientId, {
    email: 'orders@example.com',
    password,
    firstName: 'Morgan',
    lastName: 'Reid',
    dateOfBirth: '1982-11-02',
    homeVenueId: first.id,
    termsAcceptedAt: now,
  });
  // Each order books a swim two days after it was placed, so its line is dated by its order (12:30:
  // no other seeded history uses that time, so every session is new).
  const swim = await findActivityWithStandardPrice(db, clientId, 'swim-for-fitness');
  if (!swim) return;
  const placedAt = Array.from({ length: historyOrders }, (_, i) => addedAt(3 + i * 5));
  const sessions = await addPastSessions(
    db,
    first,
    swim,
    { location: 'lane-3', time: '12:30', capacity: 12 },
    placedAt.map((at) => addDays(localDateOf(at, first.timezone), 2)),
  );
  await recordOrders(
    db,
    clientId,
    sessions.map((session, i) => ({
      userId: buyer.id,
      createdAt: new Date(session.startsAt.getTime() - 2 * 86_400_000),
      paidBy: i % 4 === 3 ? 'cash' : 'card',
      lines: [
        {
          activityId: swim.id,
          venueId: first.id,
          pricingOptionId: swim.pricingOptionId,
          occurrenceIds: [session.id],
          amount: 450 + (i % 5) * 125,
        },
      ],
    })),
  );
}
