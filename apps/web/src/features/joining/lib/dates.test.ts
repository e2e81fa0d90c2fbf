import { describe, expect, it } from 'vitest';
import { isoDate, startDateBounds } from './dates';

describe('start dates in the venues’ time zone', () => {
  it('uses the London date, not the browser’s', () => {
    // 23:30 UTC on 1 July is already 2 July in London (BST).
    expect(isoDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    // In winter London is on UTC.
    expect(isoDate(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
  });

  it('runs from today to one month ahead', () => {
    expect(startDateBounds(new Date('2026-07-01T23:30:00Z'))).toEqual({
      min: '2026-07-02',
      max: '2026-08-02',
    });
    expect(startDateBounds(new Date('2026-12-15T10:00:00Z'))).toEqual({
      min: '2026-12-15',
      max: '2027-01-15',
    });
  });
});
