import type { offlineTenderTypes } from '@leisure/contract/checkout';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Front-of-house offline tenders belong to the basket, not to the checkout page
 * (shell-session-basket.md 3, 4: the cart's state holds its offline payments): they outlive the page,
 * so staff can leave checkout to edit the basket and come back. Each basket's tenders are kept with
 * the item hash they were taken against; after any cart change (another hash) only the credit
 * tender stays. Amounts are integer minor units. Kept for the tab (sessionStorage), like the
 * customer the staff user serves (cart-owner.ts), so a reload on the till keeps them too.
 */
export type OfflineTenderType = (typeof offlineTenderTypes)[number];

export interface OfflineTender {
  tenderType: OfflineTenderType;
  amount: number;
}

interface Entry {
  itemHash: string;
  tenders: readonly OfflineTender[];
}

const storageKey = 'foh-offline-tenders';
const listeners = new Set<() => void>();
const none: readonly OfflineTender[] = Object.freeze([]);

function load(): Map<string, Entry> {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    return new Map(raw ? (Object.entries(JSON.parse(raw)) as [string, Entry][]) : []);
  } catch {
    return new Map();
  }
}

const entries = load();

function changed(): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage refused (private mode): the tenders last until the page reloads.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whose tenders: a staff user's, for one customer's basket. */
function keyOf(staffId: number, selectedUserId: number): string {
  return `${staffId}:${selectedUserId}`;
}

/** After any cart change only the credit tender stays. */
export function afterCartChange(tenders: readonly OfflineTender[]): OfflineTender[] {
  return tenders.filter((tender) => tender.tenderType === 'credit');
}

/** The tenders of a basket as it is now (`itemHash`): all of them, or only credit once it changed. */
function tendersOf(staffId: number, selectedUserId: number, itemHash: string): readonly OfflineTender[] {
  const entry = entries.get(keyOf(staffId, selectedUserId));
  if (!entry) return none;
  if (entry.itemHash === itemHash) return entry.tenders;
  // The basket changed since: keep what stays, against the new basket.
  const kept: Entry = { itemHash, tenders: afterCartChange(entry.tenders) };
  entries.set(keyOf(staffId, selectedUserId), kept);
  return kept.tenders;
}

function setTenders(
  staffId: number,
  selectedUserId: number,
  itemHash: string,
  tenders: readonly OfflineTender[],
): void {
  entries.set(keyOf(staffId, selectedUserId), { itemHash, tenders });
  changed();
}

/** Forgets a basket's tenders (its order is paid; the staff user logged out). */
export function clearTenders(staffId: number, selectedUserId?: number): void {
  for (const key of [...entries.keys()]) {
    if (
      selectedUserId === undefined ? key.startsWith(`${staffId}:`) : key === keyOf(staffId, selectedUserId)
    ) {
      entries.delete(key);
    }
  }
  changed();
}

/**
 * The offline tenders of the basket a staff user serves, as it is now, and how to change them:
 * `const [tenders, setTenders] = useOfflineTenders(staffId, selectedUserId, cart.itemHash)`.
 */
export function useOfflineTenders(
  staffId: number,
  selectedUserId: number,
  itemHash: string,
): [readonly OfflineTender[], (tenders: readonly OfflineTender[]) => void] {
  const tenders = useSyncExternalStore(subscribe, () => tendersOf(staffId, selectedUserId, itemHash));
  const update = useCallback(
    (next: readonly OfflineTender[]) => setTenders(staffId, selectedUserId, itemHash, next),
    [staffId, selectedUserId, itemHash],
  );
  return [tenders, update];
}
