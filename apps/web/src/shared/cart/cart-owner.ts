import type { CustomerSummary } from '@leisure/contract/cart';
import { useCallback, useSyncExternalStore } from 'react';
import type { Camel } from '../api/camel';
import { useSession } from '../session/session';

/**
 * Whose basket the page works on. A customer works on their own. A front-of-house staff user
 * (`user.isStaff`) picks a customer, and every cart and checkout call names that customer as
 * `selected_user_id` (shell-session-basket.md 7). The choice is kept for the tab (sessionStorage),
 * tied to the staff user who made it, so another staff login on the same till starts afresh.
 */
export type SelectedCustomer = Camel<CustomerSummary>;

const storageKey = 'foh-selected-customer';
const listeners = new Set<() => void>();

interface Stored {
  staffId: number;
  customer: SelectedCustomer;
}

let cachedRaw: string | null | undefined;
let cachedValue: Stored | null = null;

function read(): Stored | null {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(storageKey);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cachedValue = raw ? (JSON.parse(raw) as Stored) : null;
    } catch {
      cachedValue = null;
    }
  }
  return cachedValue;
}

function write(value: Stored | null): void {
  try {
    if (value) window.sessionStorage.setItem(storageKey, JSON.stringify(value));
    else window.sessionStorage.removeItem(storageKey);
  } catch {
    // Storage refused (private mode): the choice lasts until the page reloads.
  }
  cachedRaw = undefined;
  cachedValue = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface CartOwner {
  /** The staff user is serving someone else's basket. */
  isFrontOfHouse: boolean;
  /** The customer a staff user picked (null until one is picked; always null for customers). */
  customer: SelectedCustomer | null;
  /** `selected_user_id` for cart calls: the picked customer, or the customer themself; null when none. */
  selectedUserId: number | null;
  /** `membership_user_id` for cart calls. */
  membershipUserId: number | null;
  /** The `source` of cart and checkout calls. */
  source: 'foh' | 'bookings';
  selectCustomer: (customer: SelectedCustomer | null) => void;
}

export function useCartOwner(): CartOwner {
  const { user } = useSession();
  const stored = useSyncExternalStore(subscribe, read, () => null);
  const isFrontOfHouse = Boolean(user?.isStaff);
  const customer = isFrontOfHouse && user && stored?.staffId === user.id ? stored.customer : null;
  const staffId = user?.id;
  const selectCustomer = useCallback(
    (next: SelectedCustomer | null) => {
      write(next && staffId !== undefined ? { staffId, customer: next } : null);
    },
    [staffId],
  );
  if (isFrontOfHouse) {
    return {
      isFrontOfHouse,
      customer,
      selectedUserId: customer?.id ?? null,
      membershipUserId: customer?.membershipUser?.id ?? null,
      source: 'foh',
      selectCustomer,
    };
  }
  return {
    isFrontOfHouse,
    customer: null,
    selectedUserId: user?.id ?? null,
    membershipUserId: user?.membershipUser?.id ?? null,
    source: 'bookings',
    selectCustomer,
  };
}
