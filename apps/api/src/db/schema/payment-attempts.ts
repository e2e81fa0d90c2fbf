// Card payments of a basket checkout, recorded before the provider is called (docs/decisions/015-crash-safe-checkout.md).

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './basket';
import { createdAt } from './columns';
import { users } from './customers';
import { orders } from './orders';

/**
 * started: recorded, the provider may or may not have charged; charged: the provider charged, the
 * order is not yet written; completed: the order is written (`order_id`); refunding: the order
 * cannot be written, the charge is being refunded; refunded; failed: the provider did not charge.
 */
export type PaymentAttemptStatus = 'started' | 'charged' | 'completed' | 'refunding' | 'refunded' | 'failed';

/** What the order needs that the basket does not say: written by the request, read by whoever finishes it. */
export interface PaymentAttemptPlan {
  source: string;
  total: number;
  /** Credit spent (general), minor units. */
  credit: number;
  termIds: number[];
  waivers: { waiverId: number; userId: number }[];
  /** The card is saved when the order is written (the customer asked). */
  saveCard: {
    token: string;
    billing: { firstName: string; lastName: string; addressLine1: string; town: string; postcode: string };
  } | null;
}

/**
 * One card payment of a basket (Stripe's PaymentIntent): written and committed before the provider
 * is called, keyed by the basket and its item hash; the provider call carries `idempotency_key`, so
 * a retry of the same basket never charges twice. At most one attempt of a basket is unfinished.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id),
    itemHash: text('item_hash').notNull(),
    /** The customer, and who took the payment (the customer, or staff acting for them). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `checkout-{basket uuid}-{item hash}-{attempt number}`: never the card. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('started'),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    orderId: integer('order_id').references(() => orders.id),
    plan: jsonb('plan').$type<PaymentAttemptPlan>().notNull(),
    /** Why it failed (the provider's decline) or was refunded. */
    reason: text('reason'),
    /** A process is working on it until then; null or past: anyone may pick it up (retry, reconciliation). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_unfinished_cart_idx')
      .on(t.cartId)
      .where(sql`${t.status} in ('started', 'charged', 'refunding')`),
    index('payment_attempts_cart_hash_idx').on(t.cartId, t.itemHash),
    index('payment_attempts_unfinished_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} in ('started', 'charged', 'refunding')`),
  ],
);

/**
 * The sandbox card provider's own ledger (providers/payment): what it charged, by idempotency key.
 * A real provider keeps this on its side; the sandbox keeps it here so every replica agrees and
 * tests can count charges.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  /** `ch_sbx_...` */
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  status: text('status').$type<'succeeded' | 'declined' | 'refunded'>().notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  expiryMonth: integer('expiry_month'),
  expiryYear: integer('expiry_year'),
  declineCode: text('decline_code'),
  declineMessage: text('decline_message'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
});
