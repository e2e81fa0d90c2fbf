import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceFor } from '../availability/offer';
import { isPricingError, priceLine } from '../basket/pricing';
import { optionFor, optionsFor } from './activity-prices';
import type { PricingOptionWithTickets } from './venues.service';

/** An activity's pricing options: each standard or for members, each with one to three tickets. */
const pricingArbitrary = fc
  .array(
    fc.record({
      forMembers: fc.boolean(),
      amounts: fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 3 }),
    }),
    { maxLength: 4 },
  )
  .map((options) =>
    options.map(
      (option, index): PricingOptionWithTickets => ({
        id: index + 1,
        activityId: 1,
        name: option.forMembers ? 'Member' : 'Standard',
        forMembers: option.forMembers,
        position: index,
        tickets: option.amounts.map((amount, position) => ({
          id: (index + 1) * 10 + position,
          pricingOptionId: index + 1,
          name: `Ticket ${position}`,
          amount,
          position,
        })),
      }),
    ),
  );

describe('the one price rule', () => {
  const badminton = [
    { id: 1, forMembers: false, name: 'Standard' },
    { id: 2, forMembers: true, name: 'Member' },
  ];

  it('gives a member the member option, and everyone else (or a member forgoing it) the standard one', () => {
    expect(optionFor(badminton, { isMember: true })?.id).toBe(2);
    expect(optionFor(badminton, { isMember: false })?.id).toBe(1);
    expect(optionFor(badminton, { isMember: true }, false)?.id).toBe(1);
    // No member option: members pay the standard price.
    expect(optionFor(badminton.slice(0, 1), { isMember: true })?.id).toBe(1);
    expect(optionFor([], { isMember: true })).toBeUndefined();
  });

  it('answers member options only to a member wanting the benefit, and only when the activity has one', () => {
    fc.assert(
      fc.property(pricingArbitrary, fc.boolean(), fc.boolean(), (pricing, isMember, applyBenefit) => {
        const options = optionsFor(pricing, { isMember }, applyBenefit);
        const memberPrice = isMember && applyBenefit && pricing.some((option) => option.forMembers);
        expect(options.every((option) => option.forMembers === memberPrice)).toBe(true);
        expect(options).toEqual(pricing.filter((option) => option.forMembers === memberPrice));
        expect(optionFor(pricing, { isMember }, applyBenefit)).toBe(options[0]);
      }),
    );
  });

  it('charges for one place exactly the price availability shows the same person', () => {
    fc.assert(
      fc.property(pricingArbitrary, fc.boolean(), (pricing, isMember) => {
        const shown = priceFor(pricing, { userId: 7, isMember });
        const charged = priceLine(pricing, { applyBenefit: true, isMember, quantity: 1 });
        if (isPricingError(charged)) {
          // Nothing to buy at this person's price: availability shows no option either.
          expect(shown.optionId).toBe(0);
          return;
        }
        expect(charged).toMatchObject({
          pricingOptionId: shown.optionId,
          amount: shown.amount,
          benefitApplied: shown.benefitApplied,
        });
      }),
    );
  });
});
