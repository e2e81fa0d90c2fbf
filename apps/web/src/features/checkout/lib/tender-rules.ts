import type { OfflineTender, OfflineTenderType } from '../../../shared/cart/offline-tenders';

/**
 * Front-of-house offline tenders (shell-session-basket.md 4): adding cash or credit replaces any
 * earlier tender of the same type; an amount of 0 or less removes that type's tenders. After any
 * cart change only the credit tender stays: the basket keeps its tenders (shared/cart/offline-tenders.ts).
 * Amounts are integer minor units.
 */

/** Tenders of which the till holds one at most. */
const singleTenderTypes: ReadonlySet<OfflineTenderType> = new Set(['cash', 'credit']);

export function addTender(tenders: readonly OfflineTender[], tender: OfflineTender): OfflineTender[] {
  if (tender.amount <= 0) return tenders.filter((existing) => existing.tenderType !== tender.tenderType);
  if (singleTenderTypes.has(tender.tenderType)) {
    return [...tenders.filter((existing) => existing.tenderType !== tender.tenderType), tender];
  }
  return [...tenders, tender];
}

export function removeTenderAt(tenders: readonly OfflineTender[], index: number): OfflineTender[] {
  return tenders.filter((_, position) => position !== index);
}

export function tenderedTotal(tenders: readonly OfflineTender[]): number {
  return tenders.reduce((sum, tender) => sum + tender.amount, 0);
}
