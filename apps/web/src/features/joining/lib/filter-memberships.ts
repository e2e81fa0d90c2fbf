import { compareNames } from '../../../shared/format/names';
import type { MembershipType, PaymentOption, PaymentType } from '../api/types';

/** The category filter's pseudo category that shows every type. */
export const allTypes = 'All types';

export interface MembershipFilter {
  paymentType: PaymentType;
  category: string;
  venueId: number;
  /** Signed-in users see types without prices only with 'Show ineligible memberships' on. */
  showIneligible: boolean;
  isLoggedIn: boolean;
}

export function optionFor(type: MembershipType, paymentType: PaymentType): PaymentOption | undefined {
  return type.paymentOptions.find((option) => option.paymentType === paymentType);
}

/**
 * The spec's list filter (joining-and-payments.md 5): a type needs a name, payment options, one of
 * the chosen payment type, access to the home venue when it declares access, and the chosen category.
 */
export function filterMemberships(types: MembershipType[], filter: MembershipFilter): MembershipType[] {
  return types.filter((type) => {
    if (!type.name || type.paymentOptions.length === 0) return false;
    const option = optionFor(type, filter.paymentType);
    if (!option) return false;
    if (
      type.providesAccessTo.length > 0 &&
      !type.providesAccessTo.some((venue) => venue.id === filter.venueId)
    ) {
      return false;
    }
    if (
      filter.category !== allTypes &&
      !type.categories.some((category) => category.name === filter.category)
    ) {
      return false;
    }
    if (filter.isLoggedIn && !filter.showIneligible && !option.isPurchasable.hasPrices) return false;
    return true;
  });
}

/** The category names of the loaded types, 'All types' first. */
export function categoriesOf(types: MembershipType[]): string[] {
  const names = new Set<string>();
  for (const type of types) for (const category of type.categories) names.add(category.name);
  return [allTypes, ...[...names].sort(compareNames)];
}

/** 'per month' from the plural 'months'. */
export function perFrequency(frequency: string): string {
  return frequency.endsWith('s') ? frequency.slice(0, -1) : frequency;
}
