import { describe, expect, it } from 'vitest';
import { isIsoDate, zCalendarDate } from './dates';

describe('calendar dates', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isIsoDate('2026-11-23')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('23/11/2026')).toBe(false);
    expect(isIsoDate(undefined)).toBe(false);
  });

  it('answers the field message it is given', () => {
    const result = zCalendarDate('Date must be valid.').safeParse('2026-02-30');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Date must be valid.']);
  });
});

describe('isIsoDate agrees with zod', () => {
  it('for every day of a leap and a common year, month ends, century rules and odd shapes', async () => {
    const { z } = await import('zod');
    const samples = ['2024-02-29', '2023-02-29', '2000-02-29', '1900-02-29', '2026-04-31', '2026-12-31'];
    samples.push('2026-13-01', '2026-00-10', '26-01-01', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00', '');
    for (let day = 0; day < 800; day += 1) {
      samples.push(new Date(Date.UTC(2023, 0, 1) + day * 86_400_000).toISOString().slice(0, 10));
    }
    for (const sample of samples)
      expect(isIsoDate(sample), sample).toBe(z.iso.date().safeParse(sample).success);
    expect(isIsoDate(20260101)).toBe(false);
  });
});
