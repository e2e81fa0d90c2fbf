import { describe, expect, it } from 'vitest';
import { nextBenefitPeriodStart } from '../guest-passes/guest-passes.service';

describe('benefit periods', () => {
  it('renews a benefit on the first day of its next calendar period, never after the membership ends', () => {
    const open = { startDate: '2026-01-10', endDate: null };
    expect(nextBenefitPeriodStart('months', '2026-11-24', open)).toBe('2026-12-01');
    expect(nextBenefitPeriodStart('weeks', '2026-11-26', open)).toBe('2026-11-30');
    expect(nextBenefitPeriodStart('years', '2026-11-26', open)).toBe('2027-01-01');
    expect(nextBenefitPeriodStart(null, '2026-11-24', open)).toBeNull();
    expect(
      nextBenefitPeriodStart('months', '2026-11-24', { startDate: '2026-01-10', endDate: '2026-11-30' }),
    ).toBeNull();
  });
});
