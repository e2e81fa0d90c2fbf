// Promotion codes for joining (docs/decisions/010-membership-pricing.md).

import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { clients } from './operator';

/**
 * Promotion codes: `percentage` (value 1-100) or `fixed` (minor units) off the joining fee or the
 * first `months` monthly payments; valid between two dates; `usage_limit` uses at most
 * (`used_count` is taken in the same transaction as the membership); restricted to
 * `payment_option_ids` when not empty; `ended_at` once staff end it.
 */
export const membershipPromotions = pgTable(
  'membership_promotions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** What staff wrote about it in the console (not shown to customers). */
    description: text('description'),
    discountKind: text('discount_kind').$type<'percentage' | 'fixed'>().notNull(),
    discountValue: integer('discount_value').notNull(),
    appliesTo: text('applies_to').$type<'joining_fee' | 'first_months'>().notNull(),
    months: integer('months').notNull().default(1),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    paymentOptionIds: jsonb('payment_option_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    /** Ended by staff in the console: no longer usable from this instant, whatever its dates. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('membership_promotions_client_code_idx').on(t.clientId, sql`upper(${t.code})`),
    check(
      'membership_promotions_value_check',
      sql`${t.discountValue} > 0 and (${t.discountKind} = 'fixed' or ${t.discountValue} <= 100) and ${t.months} >= 1`,
    ),
    check(
      'membership_promotions_usage_check',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);
