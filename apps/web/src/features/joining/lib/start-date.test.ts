import { describe, expect, it } from 'vitest';
import { startDateBounds } from './start-date';

describe('start dates in the venues’ time zone', () => {
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
