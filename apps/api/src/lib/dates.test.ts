import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  fullDate,
  localDateOf,
  localIso,
  localTimeOf,
  prettyDate,
  twelveHour,
  weekdayOf,
  zonedTimeToUtc,
} from './dates';

const london = 'Europe/London';

describe('venue-local time', () => {
  it('reads local times in winter (GMT) and summer (BST)', () => {
    expect(zonedTimeToUtc('2026-01-15', '18:00', london).toISOString()).toBe('2026-01-15T18:00:00.000Z');
    expect(zonedTimeToUtc('2026-07-15', '18:00', london).toISOString()).toBe('2026-07-15T17:00:00.000Z');
    const summer = new Date('2026-07-15T17:00:00Z');
    expect(localTimeOf(summer, london)).toBe('18:00');
    expect(localDateOf(new Date('2026-07-15T23:30:00Z'), london)).toBe('2026-07-16');
    expect(localIso(summer, london)).toBe('2026-07-15T18:00:00+01:00');
  });

  it('handles the clock changes: the spring gap moves forward, the autumn repeat takes the first', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(zonedTimeToUtc('2026-03-29', '01:30', london).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTimeToUtc('2026-03-29', '03:00', london).toISOString()).toBe('2026-03-29T02:00:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 happens twice.
    expect(zonedTimeToUtc('2026-10-25', '01:30', london).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zonedTimeToUtc('2026-10-25', '12:00', london).toISOString()).toBe('2026-10-25T12:00:00.000Z');
  });

  it('does calendar arithmetic and the wire formats', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2026-11-29')).toBe(7);
    expect(weekdayOf('2026-02-09')).toBe(0);
    expect(prettyDate('2026-02-09')).toMatchObject({
      raw_pretty: '09/02/2026',
      day_short: 'Mon',
      day_long: 'Monday',
      date_pretty: '9 Feb',
      short_pretty: 'Mon 9 Feb',
      long_pretty: 'Mon 09 February 2026',
      year: '2026',
    });
    expect(twelveHour('13:30')).toBe('1:30pm');
    expect(twelveHour('00:05')).toBe('12:05am');
    expect(twelveHour('12:00')).toBe('12:00pm');
  });
});

describe('fullDate', () => {
  it('formats D MMM YYYY with the three-letter month (my-account.md 9)', () => {
    expect(fullDate('2027-01-03')).toBe('3 Jan 2027');
    expect(fullDate('2026-09-30')).toBe('30 Sep 2026');
    expect(fullDate('2026-12-31')).toBe('31 Dec 2026');
  });
});
