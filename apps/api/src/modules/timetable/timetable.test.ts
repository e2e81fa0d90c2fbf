import { describe, expect, it } from 'vitest';
import { compositeKeyOf, firstBookableAt, weekdayMask } from './timetable.service';

const london = 'Europe/London';

describe('timetable rules', () => {
  it('opens a session N days ahead at the set local time, or at its own start time', () => {
    const window = { bookingWindowDays: 7, bookingOpensAt: '22:00' };
    expect(firstBookableAt('2026-02-16', '18:00', window, london).toISOString()).toBe(
      '2026-02-09T22:00:00.000Z',
    );
    const rolling = { bookingWindowDays: 7, bookingOpensAt: null };
    expect(firstBookableAt('2026-07-16', '18:00', rolling, london).toISOString()).toBe(
      '2026-07-09T17:00:00.000Z',
    );
  });

  it('names a time group with 8 stable hex characters that differ between groups', () => {
    const start = new Date('2026-02-09T13:30:00Z');
    const end = new Date('2026-02-09T14:30:00Z');
    const key = compositeKeyOf(3, 1, start, end);
    expect(key).toMatch(/^[0-9a-f]{8}$/);
    expect(compositeKeyOf(3, 1, new Date(start), new Date(end))).toBe(key);
    expect(compositeKeyOf(3, 2, start, end)).not.toBe(key);
    expect(compositeKeyOf(4, 1, start, end)).not.toBe(key);
    expect(compositeKeyOf(3, 1, start, new Date('2026-02-09T14:10:00Z'))).not.toBe(key);
  });

  it('builds weekday masks from Monday = 0', () => {
    expect(weekdayMask([0])).toBe(1);
    expect(weekdayMask([0, 1, 2, 3, 4, 5, 6])).toBe(127);
  });
});
