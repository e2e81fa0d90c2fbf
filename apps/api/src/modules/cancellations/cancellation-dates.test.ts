import { describe, expect, it } from 'vitest';
import { billingDateOnOrAfter } from '../../lib/dates';
import { cancellationDates } from './cancellation-dates';

describe('cancellation dates', () => {
  it('finds the next billing date on or after a day', () => {
    expect(billingDateOnOrAfter('2026-11-24', 1)).toBe('2026-12-01');
    expect(billingDateOnOrAfter('2026-12-01', 1)).toBe('2026-12-01');
    expect(billingDateOnOrAfter('2026-12-29', 28)).toBe('2027-01-28');
    expect(billingDateOnOrAfter('2026-12-02', 15)).toBe('2026-12-15');
  });

  it('ends with the billing period in which the notice ends; the last collection paid that period', () => {
    // 30 days from 24 Nov: notice ends 23 Dec, inside the period 1-31 Dec.
    expect(
      cancellationDates({
        today: '2026-11-24',
        noticeDays: 30,
        billingDay: 1,
        startDate: '2025-06-01',
        firstBillingDate: '2025-07-01',
      }),
    ).toEqual({ finalPaymentDate: '2026-12-01', finalDay: '2026-12-31' });
    // Notice ending on the day before a billing day ends with that period.
    expect(
      cancellationDates({
        today: '2026-12-02',
        noticeDays: 30,
        billingDay: 1,
        startDate: '2025-06-01',
        firstBillingDate: '2025-07-01',
      }),
    ).toEqual({ finalPaymentDate: '2026-12-01', finalDay: '2026-12-31' });
    // One more day of notice runs into January's period.
    expect(
      cancellationDates({
        today: '2026-12-03',
        noticeDays: 30,
        billingDay: 1,
        startDate: '2025-06-01',
        firstBillingDate: '2025-07-01',
      }),
    ).toEqual({ finalPaymentDate: '2027-01-01', finalDay: '2027-01-31' });
    // Billing on the 15th, over the year end.
    expect(
      cancellationDates({
        today: '2026-12-20',
        noticeDays: 14,
        billingDay: 15,
        startDate: '2026-01-15',
        firstBillingDate: '2026-02-15',
      }),
    ).toEqual({ finalPaymentDate: '2026-12-15', finalDay: '2027-01-14' });
  });

  it('without notice ends with the current period', () => {
    expect(
      cancellationDates({
        today: '2026-11-24',
        noticeDays: 0,
        billingDay: 1,
        startDate: '2025-06-01',
        firstBillingDate: '2025-07-01',
      }),
    ).toEqual({ finalPaymentDate: '2026-11-01', finalDay: '2026-11-30' });
  });

  it('a period paid up front (month in hand) takes no further collection', () => {
    expect(
      cancellationDates({
        today: '2026-11-24',
        noticeDays: 30,
        billingDay: 1,
        startDate: '2026-11-20',
        firstBillingDate: '2027-01-01',
      }),
    ).toEqual({ finalPaymentDate: '2026-11-20', finalDay: '2026-12-31' });
  });
});
