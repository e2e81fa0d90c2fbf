/**
 * The one rule for which of an activity's pricing options a person gets: the price a viewer is shown
 * (availability/offer.ts), the line a customer adds without naming an option (basket/pricing.ts) and
 * the place a waitlist offers (waitlist/offers.service.ts) all ask it, with the person's own
 * membership (an active one: the session lookup's `isMember`, or the customer row's).
 */

/** Who the price is for: whether they hold an active membership. */
export interface PricedFor {
  isMember: boolean;
}

/**
 * The options a person buys at by default, in order: the member options for a member who wants
 * their benefit, when the activity has any; otherwise the standard ones.
 */
export function optionsFor<Option extends { forMembers: boolean }>(
  pricing: readonly Option[],
  person: PricedFor,
  applyBenefit = true,
): Option[] {
  const member = pricing.filter((option) => option.forMembers);
  if (person.isMember && applyBenefit && member.length > 0) return member;
  return pricing.filter((option) => !option.forMembers);
}

/** The option a person gets by default (the first of `optionsFor`); undefined when there is none. */
export function optionFor<Option extends { forMembers: boolean }>(
  pricing: readonly Option[],
  person: PricedFor,
  applyBenefit = true,
): Option | undefined {
  return optionsFor(pricing, person, applyBenefit)[0];
}
