import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { rawRowsOf, tableRowFromJson } from '../../db/raw-rows';
import { sandboxCharges } from '../../db/schema';
import { sharedWrite } from '../../db/statement-text';

/**
 * The sandbox provider's ledger (table `sandbox_charges`): what it would keep on its own servers.
 * One row per idempotency key, so the same key answers the same charge on every replica.
 */

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

const chargeColumns = [
  'id',
  'idempotencyKey',
  'status',
  'amount',
  'currency',
  'description',
  'cardBrand',
  'cardLast4',
  'expiryMonth',
  'expiryYear',
  'declineCode',
  'declineMessage',
] as const;

/** A charge as the sandbox records it: every column but its refund and its time, which start empty and now. */
export type NewSandboxCharge = Required<
  Pick<typeof sandboxCharges.$inferInsert, (typeof chargeColumns)[number]>
>;

// Every card checkout records one: prepared (db/prepared.ts), built once. A shared write
// (db/statement-text.ts): it commits alone, and waits only for a twin's insert of the same key.
const recordChargeStatement = preparedSql(sql`${sharedWrite}
    insert into sandbox_charges (id, idempotency_key, status, amount, currency, description, card_brand,
      card_last4, expiry_month, expiry_year, decline_code, decline_message)
    values (${sql.placeholder('id')}, ${sql.placeholder('idempotencyKey')}, ${sql.placeholder('status')},
      ${sql.placeholder('amount')}::int, ${sql.placeholder('currency')}, ${sql.placeholder('description')},
      ${sql.placeholder('cardBrand')}, ${sql.placeholder('cardLast4')}, ${sql.placeholder('expiryMonth')}::int,
      ${sql.placeholder('expiryYear')}::int, ${sql.placeholder('declineCode')}, ${sql.placeholder('declineMessage')})
    on conflict (idempotency_key) do nothing
    returning row_to_json(sandbox_charges) as charge`);

/** Records a charge; when the key was used before, answers the first charge made with it instead. */
export async function recordCharge(
  db: Database,
  values: NewSandboxCharge,
): Promise<{ row: SandboxChargeRow; created: boolean }> {
  const [inserted] = rawRowsOf<{ charge: unknown }>(await recordChargeStatement(db).execute(values));
  if (inserted) return { row: tableRowFromJson(sandboxCharges, inserted.charge), created: true };
  const existing = await findChargeByKey(db, values.idempotencyKey);
  if (!existing) throw new Error('sandbox-pay: charge not found after a conflicting insert');
  return { row: existing, created: false };
}

export async function findChargeByKey(db: Database, key: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key)).limit(1);
  return row;
}

export async function findChargeById(db: Database, id: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1);
  return row;
}

/** Marks a succeeded charge refunded; a second refund changes nothing. */
export async function markRefunded(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(sandboxCharges)
    .set({ status: 'refunded', refundedAt: now })
    .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'succeeded')));
}
