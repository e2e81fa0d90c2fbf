import type { OnboardingType } from '@leisure/contract/auth';

/**
 * Query keys that more than one feature reads or invalidates. A feature may not import another,
 * so a key one feature reads and another makes stale is named here, and each feature's own keys
 * (features/<f>/api/keys.ts) build on it. The basket's keys live with its cache
 * (shared/cart/cart-query.ts), the session user's with the session (shared/session/session.tsx).
 * Logout resets every query except those under 'auth' and 'operator', which are not the user's.
 */

/** The operator's settings, theme, footer and terms: the same for every user. */
export const operatorKeys = {
  all: ['operator'] as const,
  client: ['operator', 'client'] as const,
  theme: (venue: string | null) => ['operator', 'theme', venue ?? ''] as const,
  footer: (venue: string | null) => ['operator', 'footer', venue ?? ''] as const,
  /** The account (registration) terms; a basket's and a membership's terms are under it. */
  terms: ['operator', 'terms'] as const,
  cartTerms: (cartId: number) => ['operator', 'terms', 'cart', cartId] as const,
};

/** The data-field forms: the user's details change them. */
export const dataFieldsKeys = {
  all: ['data-fields'] as const,
  of: (onboardingType: OnboardingType, userId: number | null) =>
    ['data-fields', onboardingType, userId] as const,
};

/** Everything the timetable shows (activities' keys): a place taken or freed changes the spaces. */
export const availabilityKey = ['activities'] as const;

/** The customer's waitlist (features/bookings reads it; joining a waitlist from the timetable changes it). */
export const waitlistKey = ['my-account', 'waitlist'] as const;

/** Everything about memberships: a freeze, renewal or cancellation makes it stale. */
export const membershipsKey = ['memberships'] as const;
