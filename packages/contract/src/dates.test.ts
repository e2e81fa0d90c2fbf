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
