import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysBetween } from '../../lib/dates';
import { mulDivHalfUp, type PricedPromotion } from '../promotions/promotion-discounts';
import {
  discountedCollections,
  type PricedOption,
  prettyDate,
  priceMembership,
  startDateBounds,
} from './pricing';

const monthly: PricedOption = {
  paymentType: 'recurring',
  baseFee: 3500,
  joiningFee: 2000,
  monthInHand: true,
  fixedDuration: null,
  fixedPeriod: null,
};
const yearly: PricedOption = {
  paymentType: 'fixed',
  baseFee: 35000,
  joiningFee: 0,
  monthInHand: false,
  fixedDuration: 12,
  fixedPeriod: 'month',
};
const welcome50: PricedPromotion = {
  discountKind: 'percentage',
  discountValue: 50,
  appliesTo: 'joining_fee',
  months: 1,
};
const firstMonthFree: PricedPromotion = {
  discountKind: 'percentage',
  discountValue: 100,
  appliesTo: 'first_months',
  months: 1,
};

describe('worked examples', () => {
  it('monthly from 10 March, billing day 1: 22 days pro-rata, month in hand, first collection 1 May', () => {
    const price = priceMembership({ option: monthly, startDate: '2027-03-10', billingDay: 1 });
    // 3500 × 22 / 31 = 2483.87 -> 2484
    expect(price).toMatchObject({
      proRataDays: 22,
      proRataFee: 2484,
      monthInHandFee: 3500,
      joiningFee: 2000,
      discount: 0,
      totalToPayNow: 2000 + 2484 + 3500,
      firstBillingDate: '2027-05-01',
      prettyFirstBillingDate: '1st May 2027',
      billingDay: 1,
    });
  });

  it('starting on the billing day has no pro-rata', () => {
    const price = priceMembership({ option: monthly, startDate: '2027-03-15', billingDay: 15 });
    expect(price).toMatchObject({ proRataDays: 0, proRataFee: 0, firstBillingDate: '2027-04-15' });
  });

  it('the default billing day is the start day, or the 1st after the 28th', () => {
    expect(priceMembership({ option: monthly, startDate: '2027-03-12' }).billingDay).toBe(12);
    const late = priceMembership({ option: monthly, startDate: '2027-01-30' });
    expect(late).toMatchObject({ billingDay: 1, proRataDays: 2, proRataFee: mulDivHalfUp(3500, 2, 31) });
  });

  it('WELCOME50 halves the joining fee; FIRSTMONTH makes the month in hand free', () => {
    const half = priceMembership({
      option: monthly,
      startDate: '2027-03-15',
      billingDay: 15,
      promotion: welcome50,
    });
    expect(half).toMatchObject({ discount: 1000, totalToPayNow: 2000 + 3500 - 1000, promotionApplied: true });
    const free = priceMembership({
      option: monthly,
      startDate: '2027-03-15',
      billingDay: 15,
      promotion: firstMonthFree,
    });
    expect(free).toMatchObject({ discount: 3500, totalToPayNow: 2000 });
  });

  it('a fixed discount larger than the joining fee stops at the fee', () => {
    const price = priceMembership({
      option: monthly,
      startDate: '2027-03-15',
      billingDay: 15,
      promotion: { discountKind: 'fixed', discountValue: 99_999, appliesTo: 'joining_fee', months: 1 },
    });
    expect(price.discount).toBe(2000);
  });

  it('a 12-month single payment ends the day before the anniversary; first-months offers do not apply', () => {
    const price = priceMembership({ option: yearly, startDate: '2027-03-10', promotion: firstMonthFree });
    expect(price).toMatchObject({
      totalToPayNow: 35000,
      singlePaymentFee: 35000,
      endDate: '2028-03-09',
      firstBillingDate: null,
      discount: 0,
      promotionApplied: false,
    });
  });

  it('dates: start bounds, month ends and pretty dates', () => {
    expect(startDateBounds('2027-01-31')).toEqual({ min: '2027-01-31', max: '2027-02-28' });
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(prettyDate('2027-11-22')).toBe('22nd November 2027');
    expect(prettyDate('2027-11-13')).toBe('13th November 2027');
    expect(daysBetween('2027-02-27', '2027-03-01')).toBe(2);
  });

  it('first-months offers reduce the later collections too', () => {
    const three: PricedPromotion = { ...firstMonthFree, discountValue: 50, months: 3 };
    expect(discountedCollections(monthly, three)).toEqual({ count: 2, amount: 1750 });
    expect(discountedCollections(monthly, welcome50)).toEqual({ count: 0, amount: 3500 });
  });
});

// ---- Properties ------------------------------------------------------------------------------------

const arbDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((value) => value.toISOString().slice(0, 10));
const arbOption: fc.Arbitrary<PricedOption> = fc.oneof(
  fc.record({
    paymentType: fc.constant('recurring' as const),
    baseFee: fc.integer({ min: 0, max: 1_000_000 }),
    joiningFee: fc.integer({ min: 0, max: 1_000_000 }),
    monthInHand: fc.boolean(),
    fixedDuration: fc.constant(null),
    fixedPeriod: fc.constant(null),
  }),
  fc.record({
    paymentType: fc.constant('fixed' as const),
    baseFee: fc.integer({ min: 0, max: 10_000_000 }),
    joiningFee: fc.integer({ min: 0, max: 1_000_000 }),
    monthInHand: fc.boolean(),
    fixedDuration: fc.integer({ min: 1, max: 36 }),
    fixedPeriod: fc.constantFrom('day' as const, 'week' as const, 'month' as const, 'year' as const),
  }),
);
const arbPromotion: fc.Arbitrary<PricedPromotion | undefined> = fc.option(
  fc.oneof(
    fc.record({
      discountKind: fc.constant('percentage' as const),
      discountValue: fc.integer({ min: 1, max: 100 }),
      appliesTo: fc.constantFrom('joining_fee' as const, 'first_months' as const),
      months: fc.integer({ min: 1, max: 12 }),
    }),
    fc.record({
      discountKind: fc.constant('fixed' as const),
      discountValue: fc.integer({ min: 1, max: 2_000_000 }),
      appliesTo: fc.constantFrom('joining_fee' as const, 'first_months' as const),
      months: fc.integer({ min: 1, max: 12 }),
    }),
  ),
  { nil: undefined },
);
const arbBillingDay = fc.option(fc.integer({ min: 1, max: 28 }), { nil: undefined });

describe('pricing properties', () => {
  it('the total is the sum of its parts, in whole minor units, and never negative', () => {
    fc.assert(
      fc.property(
        arbOption,
        arbDate,
        arbBillingDay,
        arbPromotion,
        (option, startDate, billingDay, promotion) => {
          const price = priceMembership({ option, startDate, billingDay, promotion });
          const parts = [
            price.joiningFee,
            price.singlePaymentFee,
            price.proRataFee,
            price.monthInHandFee,
            price.discount,
            price.totalToPayNow,
          ];
          for (const part of parts) {
            expect(Number.isSafeInteger(part)).toBe(true);
            expect(part).toBeGreaterThanOrEqual(0);
          }
          expect(price.totalToPayNow).toBe(
            price.joiningFee +
              price.singlePaymentFee +
              price.proRataFee +
              price.monthInHandFee -
              price.discount,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the discount never exceeds the part it applies to', () => {
    fc.assert(
      fc.property(
        arbOption,
        arbDate,
        arbBillingDay,
        arbPromotion,
        (option, startDate, billingDay, promotion) => {
          const price = priceMembership({ option, startDate, billingDay, promotion });
          if (!promotion) expect(price.discount).toBe(0);
          else if (promotion.appliesTo === 'joining_fee')
            expect(price.discount).toBeLessThanOrEqual(price.joiningFee);
          else expect(price.discount).toBeLessThanOrEqual(price.monthInHandFee);
        },
      ),
    );
  });

  it('monthly: pro-rata runs to the next billing day, is below a month, and the first collection is on the billing day', () => {
    fc.assert(
      fc.property(
        arbOption.filter((o) => o.paymentType === 'recurring'),
        arbDate,
        arbBillingDay,
        (option, startDate, billingDay) => {
          const price = priceMembership({ option, startDate, billingDay });
          const first = price.firstBillingDate ?? '';
          expect(price.proRataDays).toBeGreaterThanOrEqual(0);
          expect(price.proRataDays).toBeLessThanOrEqual(30);
          expect(price.proRataFee).toBeLessThanOrEqual(option.baseFee);
          expect(Number(first.slice(8, 10))).toBe(price.billingDay);
          const anchor = addDays(startDate, price.proRataDays);
          expect(Number(anchor.slice(8, 10))).toBe(price.billingDay);
          expect(first).toBe(option.monthInHand ? addMonths(anchor, 1) : anchor);
          expect(first >= startDate).toBe(true);
        },
      ),
    );
  });

  it('fixed: no pro-rata, no billing date, ends after it starts', () => {
    fc.assert(
      fc.property(
        arbOption.filter((o) => o.paymentType === 'fixed'),
        arbDate,
        (option, startDate) => {
          const price = priceMembership({ option, startDate });
          expect(price.proRataDays).toBe(0);
          expect(price.firstBillingDate).toBeNull();
          expect((price.endDate ?? '') >= startDate).toBe(true);
        },
      ),
    );
  });

  it('mulDivHalfUp rounds to the nearest penny, halves up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 28, max: 31 }),
        (a, b, c) => {
          const exact = (a * b) / c;
          const rounded = mulDivHalfUp(a, b, c);
          expect(Math.abs(rounded - exact)).toBeLessThanOrEqual(0.5);
          if (exact - Math.floor(exact) === 0.5) expect(rounded).toBe(Math.ceil(exact));
        },
      ),
    );
  });
});
