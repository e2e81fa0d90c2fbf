import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { creditBalances, insertCreditTransaction, lockUser } from './credit.repository';

/**
 * Account credit: a ledger of positive rows (credit given) and negative ones (credit spent on an
 * order). The basket reserves some of it (`credits/apply`) and shows what is available; checkout
 * spends it; `auth/user` shows the general balance.
 */

export interface CreditBalances {
  general: number;
  membership: number;
}

/** What the customer has of each type of credit. */
export async function availableCredit(db: Database, userId: number): Promise<CreditBalances> {
  return creditBalances(db, userId);
}

const noCredit: CreditBalances = { general: 0, membership: 0 };

/**
 * The acting customer's credit, not read for one who has never been given any (read with their
 * session or customer row): most customers, on every basket view and checkout (decision 024).
 */
export async function creditOfCustomer(
  db: Database,
  acting: { customer: { id: number }; hasCredit: boolean },
): Promise<CreditBalances> {
  return acting.hasCredit ? creditBalances(db, acting.customer.id) : noCredit;
}

/** The customer's general credit balance (`auth/user`'s `credit.balance`). */
export async function generalCreditOf(db: Database, userId: number): Promise<number> {
  return (await creditBalances(db, userId)).general;
}

/**
 * Spends general credit on an order inside its transaction, under a lock of the customer's row so
 * two checkouts of theirs cannot both spend it. False (nothing written) when the balance is short.
 */
export async function spendCredit(
  tx: Database,
  spend: { userId: number; amount: number; orderId: number; reason: string },
): Promise<boolean> {
  await lockUser(tx, spend.userId);
  const available = await creditBalances(tx, spend.userId);
  if (available.general < spend.amount) return false;
  await insertCreditTransaction(tx, {
    userId: spend.userId,
    type: 'general',
    amount: -spend.amount,
    reason: spend.reason,
    orderId: spend.orderId,
  });
  return true;
}

/**
 * Gives back what a cancelled booking's order paid as general credit (one ledger row per order and
 * cancel request), inside the cancel's transaction; `createdAt` backdates the seed's history.
 */
export async function creditCancelledOrder(
  tx: Database,
  credit: { userId: number; amount: number; reason: string; orderId: number; createdAt?: Date },
): Promise<void> {
  await insertCreditTransaction(tx, { ...credit, type: 'general' });
}

// ---- Factories: the seed and tests give credit through this ------------------------------------------

/** Adds general (or membership) credit to a customer's balance (a positive ledger row). */
export async function grantCredit(
  db: Database,
  userId: number,
  amount: number,
  reason: string,
  type: 'general' | 'membership' = 'general',
): Promise<void> {
  if (!Number.isInteger(amount) || amount <= 0)
    throw AppError.validation({ amount: ['Must be a positive whole number.'] });
  await insertCreditTransaction(db, { userId, type, amount, reason });
}
