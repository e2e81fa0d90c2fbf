import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, billingDateOnOrAfter } from '../../lib/dates';
import { type PaidMembership, paidValueFrom, priceChange } from './change-pricing';
import { type PricedOption, priceMembership } from './pricing';

const gym: PricedOption = {
  paymentType: 'recurring',
  baseFee: 3499,
  joiningFee: 2000,
  monthInHand: true,
  fixedDuration: null,
  fixedPeriod: null,
};
const offPeak: PricedOption = { ...gym, baseFee: 2499, joiningFee: 1500 };

/** A monthly member who joined on `startDate` and has paid joining's first period (pro-rata + month in hand). */
function joinedMonthly(option: PricedOption, startDate: string, billingDay: number): PaidMembership {
  const joined = priceMembership({ option, startDate, billingDay });
  return { option, startDate, billingDay, endDate: null, paidUntil: joined.firstBillingDate ?? startDate };
}

describe('change pricing: worked example (issue 15)', () => {
  it('joined Anytime Gym on 25 Nov for £61.99, changed to Off-Peak the same day: £12.00 credited, nothing due', () => {
    const old = joinedMonthly(gym, '2026-11-25', 1);
    expect(priceMembership({ option: gym, startDate: '2026-11-25', billingDay: 1 }).totalToPayNow).toBe(6199);
    const change = priceChange({
      old,
      option: offPeak,
      changeFee: 0,
      startDate: '2026-11-25',
      billingDay: 1,
    });
    expect(change).toMatchObject({
      // 25 Nov to 1 Jan was paid (7.00 + 34.99); Off-Peak for it is 5.00 + 24.99.
      paidPeriod: { from: '2026-11-25', until: '2027-01-01' },
      newFirstPeriodPrice: 2999,
      newPeriodFee: 0,
      difference: 2999 - 4199,
      totalDueNow: 0,
      credit: 1200,
      firstBillingDate: '2027-01-01',
      oldEndDate: '2026-11-25',
      replacesOutright: true,
    });
  });

  it('an upgrade mid-month charges the difference for the days paid, and the change fee once', () => {
    // Joined on 1 Oct (October in hand), November's collection taken: paid until 1 Dec.
    const old = { ...joinedMonthly(offPeak, '2026-10-01', 1), paidUntil: '2026-12-01' };
    const change = priceChange({ old, option: gym, changeFee: 500, startDate: '2026-11-16', billingDay: 1 });
    // 16-30 Nov: 15/30 of each monthly fee.
    expect(change).toMatchObject({
      paidPeriod: { from: '2026-11-16', until: '2026-12-01' },
      difference: 1750 - 1250,
      newPeriodFee: 3499, // December, the month in hand
      totalDueNow: 500 + 3499 + 500,
      credit: 0,
      firstBillingDate: '2027-01-01',
      oldEndDate: '2026-11-15',
      replacesOutright: false,
    });
  });
});

const isoDate = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const recurringOption = fc.record({
  paymentType: fc.constant('recurring' as const),
  baseFee: fc.integer({ min: 0, max: 50_000 }),
  joiningFee: fc.integer({ min: 0, max: 50_000 }),
  monthInHand: fc.boolean(),
  fixedDuration: fc.constant(null),
  fixedPeriod: fc.constant(null),
});
const fixedOption = fc.record({
  paymentType: fc.constant('fixed' as const),
  baseFee: fc.integer({ min: 0, max: 500_000 }),
  joiningFee: fc.integer({ min: 0, max: 50_000 }),
  monthInHand: fc.constant(false),
  fixedDuration: fc.integer({ min: 1, max: 24 }),
  fixedPeriod: fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'year' as const),
});
const anyOption = fc.oneof(recurringOption, fixedOption);

/** An old membership as members have them: joined, perhaps months ago, paid up to a billing date or its end. */
const oldMembership = fc
  .tuple(anyOption, isoDate, fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 14 }))
  .map(([option, startDate, billingDay, monthsPaid]): PaidMembership => {
    if (option.paymentType === 'fixed') {
      const end = priceMembership({ option, startDate }).endDate ?? startDate;
      return { option, startDate, billingDay: null, endDate: end, paidUntil: addDays(end, 1) };
    }
    const joined = joinedMonthly(option, startDate, billingDay);
    return { ...joined, paidUntil: addMonths(joined.paidUntil, monthsPaid) };
  });
const changeCase = fc
  .tuple(oldMembership, anyOption, fc.integer({ min: -40, max: 400 }), fc.integer({ min: 0, max: 5_000 }))
  .map(([old, option, offset, changeFee]) => ({
    old,
    option,
    changeFee,
    startDate: addDays(old.startDate, offset),
    billingDay: old.billingDay ?? undefined,
  }));

describe('change pricing: properties', () => {
  it('never charges a joining fee, and the change fee exactly once', () => {
    fc.assert(
      fc.property(changeCase, fc.integer({ min: 0, max: 100_000 }), (request, otherJoiningFee) => {
        const price = priceChange(request);
        const again = priceChange({ ...request, option: { ...request.option, joiningFee: otherJoiningFee } });
        expect(again).toEqual(price);
        const noFee = priceChange({ ...request, changeFee: 0 });
        expect(price.totalDueNow - price.credit).toBe(noFee.totalDueNow - noFee.credit + request.changeFee);
      }),
    );
  });

  it('leaves no paid period unaccounted: what was paid from the change is credited or set against the new price', () => {
    fc.assert(
      fc.property(changeCase, (request) => {
        const price = priceChange(request);
        const paid = paidValueFrom(request.old, request.startDate);
        // Everything the new membership's first period costs, less everything already paid for it.
        expect(price.totalDueNow - price.credit).toBe(request.changeFee + price.newFirstPeriodPrice - paid);
        expect(price.newPeriodFee).toBeGreaterThanOrEqual(0);
        expect(price.totalDueNow).toBeGreaterThanOrEqual(0);
        expect(price.credit).toBeGreaterThanOrEqual(0);
        expect(price.totalDueNow === 0 || price.credit === 0).toBe(true);
        // No collection falls inside the period already paid.
        if (price.firstBillingDate !== null && price.paidPeriod) {
          expect(price.firstBillingDate >= price.paidPeriod.until).toBe(true);
        }
      }),
    );
  });

  it('same day, same billing day, monthly to monthly: the charge is exactly the difference of the two first periods', () => {
    fc.assert(
      fc.property(
        recurringOption,
        recurringOption,
        isoDate,
        fc.integer({ min: 1, max: 28 }),
        (from, to, day, bd) => {
          const old = joinedMonthly({ ...from, monthInHand: to.monthInHand }, day, bd);
          const price = priceChange({ old, option: to, changeFee: 0, startDate: day, billingDay: bd });
          const paidBefore = priceMembership({ option: old.option, startDate: day, billingDay: bd });
          const newPrice = priceMembership({ option: to, startDate: day, billingDay: bd });
          const oldFirst = paidBefore.totalToPayNow - paidBefore.joiningFee;
          const newFirst = newPrice.totalToPayNow - newPrice.joiningFee;
          expect(price.totalDueNow - price.credit).toBe(newFirst - oldFirst);
          expect(price.firstBillingDate).toBe(newPrice.firstBillingDate);
        },
      ),
    );
  });

  it('the old membership never ends before its start, and ends the day before the new one unless replaced', () => {
    fc.assert(
      fc.property(changeCase, (request) => {
        const price = priceChange(request);
        expect(price.oldEndDate >= request.old.startDate).toBe(true);
        if (price.replacesOutright) expect(price.oldEndDate).toBe(request.old.startDate);
        else expect(price.oldEndDate).toBe(addDays(request.startDate, -1));
      }),
    );
  });

  it('billing dates fall on the billing day, on or after the date', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 28 }), (date, day) => {
        const billing = billingDateOnOrAfter(date, day);
        expect(Number(billing.slice(8))).toBe(day);
        expect(billing >= date && billing <= addMonths(date, 1)).toBe(true);
      }),
    );
  });
});
