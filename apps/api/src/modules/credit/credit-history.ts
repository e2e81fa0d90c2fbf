import { formatMoney } from '@leisure/contract/money';
import type { CreditEntry, CreditsAdded } from '@leisure/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { orderReferenceOf } from '../../lib/order-formats';
import { getCurrentClient } from '../operator/operator.service';
import type { Auth } from '../session/session';
import { type CreditDetail, creditTotals, insertCredit, listCredits } from './credit.repository';

/**
 * The customer's credit history (`GET api/credits/user`, `.../credit-transactions`) and credit staff
 * add (payments.service issueCredit).
 */

interface CreditHistoryDeps {
  db: Database;
  config: Config;
}

// ---- Credit -------------------------------------------------------------------------------------------

function describeCredit(detail: CreditDetail, currency: string): CreditEntry {
  const { credit } = detail;
  const added = credit.amount > 0;
  return {
    id: credit.id,
    type: credit.type,
    value: {
      raw: Math.abs(credit.amount),
      formatted: formatMoney(Math.abs(credit.amount), currency),
      currency,
    },
    added_at: added ? credit.createdAt.toISOString() : null,
    spent_at: added ? null : credit.createdAt.toISOString(),
    expires_at: credit.expiresAt ? credit.expiresAt.toISOString() : null,
    related_item: credit.orderId === null ? null : orderReferenceOf(credit.orderId),
    spent_at_location: added ? null : detail.venueName,
    reason: credit.reason,
    description: credit.description ?? (added && detail.venueName ? `Added at ${detail.venueName}` : null),
  };
}

/** `GET api/credits/user`: credit added, with the general and membership balances. */
export async function listCreditsAdded(deps: CreditHistoryDeps, auth: Auth): Promise<CreditsAdded> {
  const client = await getCurrentClient(deps.db, deps.config);
  const totals = await creditTotals(deps.db, auth.user.id);
  const rows = await listCredits(deps.db, auth.user.id, 'added');
  return {
    balances: {
      general: {
        total_available: totals.general,
        formatted: formatMoney(totals.general, client.currency),
        currency: client.currency,
      },
      membership: {
        total_available: totals.membership,
        raw: totals.membership,
        formatted: formatMoney(totals.membership, client.currency),
      },
    },
    credits: rows.map((row) => describeCredit(row, client.currency)),
  };
}

/** `GET api/credits/user/credit-transactions`: credit spent. */
export async function listCreditsSpent(deps: CreditHistoryDeps, auth: Auth): Promise<CreditEntry[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listCredits(deps.db, auth.user.id, 'spent');
  return rows.map((row) => describeCredit(row, client.currency));
}

/** Records credit given (a positive ledger row, checked by the caller) and answers it as the history shows it. */
export async function recordIssuedCredit(
  db: Database,
  values: Parameters<typeof insertCredit>[1],
  venueName: string | null,
  currency: string,
): Promise<CreditEntry> {
  const row = await insertCredit(db, values);
  return describeCredit({ credit: row, venueName }, currency);
}
