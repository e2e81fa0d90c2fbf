import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarDateOf,
  formatDate,
  formatDayDate,
  formatInstantDateTime,
  formatInstantNumericDate,
  formatInstantNumericDateTime,
  formatLongDate,
  formatNumericDate,
  formatShortDate,
  isCalendarDate,
  parseNumericDate,
  venueTimeZone,
  weekdayPlural,
} from './dates';

describe('dates in the venues’ time zone', () => {
  it('uses the London date, not the browser’s', () => {
    // 23:30 UTC on 1 July is already 2 July in London (BST).
    expect(calendarDateOf(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    // In winter London is on UTC.
    expect(calendarDateOf(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-22');
  });

  it('shows instants as London sees them', () => {
    expect(formatInstantNumericDate('2026-07-01T23:30:00Z')).toBe('02/07/2026');
    expect(formatInstantNumericDateTime('2026-07-01T23:30:00Z')).toBe('02/07/2026 00:30');
    expect(formatInstantDateTime('2026-11-30T23:59:00Z')).toBe('30 Nov 2026 23:59');
    expect(formatInstantNumericDate(null)).toBe('');
  });

  it('agrees with the time-zone database at every hour of fifteen years and at each change of the clocks', () => {
    const londonDate = new Intl.DateTimeFormat('en-CA', { timeZone: venueTimeZone });
    const londonClock = new Intl.DateTimeFormat('en-GB', {
      timeZone: venueTimeZone,
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    });
    const hour = 60 * 60 * 1000;
    const instants: Date[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2035, 0, 1); time += hour) {
      instants.push(new Date(time), new Date(time + 59 * 60 * 1000));
    }
    // The clocks change at 01:00 UTC: the millisecond either side of each change.
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2031-03-30T01:00:00Z']) {
      const at = Date.parse(change);
      instants.push(new Date(at - 1), new Date(at));
    }
    const disagreeing = instants.filter(
      (instant) =>
        calendarDateOf(instant) !== londonDate.format(instant) ||
        formatInstantNumericDateTime(instant.toISOString()) !== londonClock.format(instant).replace(',', ''),
    );
    expect(disagreeing.map((instant) => instant.toISOString())).toEqual([]);
    expect(instants.length).toBeGreaterThan(250_000);
  });
});

describe('calendar dates, shown as written', () => {
  it('checks and converts', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(formatNumericDate('2026-02-09')).toBe('09/02/2026');
    expect(parseNumericDate('9/2/2026')).toBe('2026-02-09');
    expect(parseNumericDate('2026-02-09')).toBe('2026-02-09');
    expect(parseNumericDate('9 Feb 2026')).toBeNull();
  });

  it('formats with three-letter months', () => {
    expect(formatDate('2026-02-09')).toBe('9 Feb 2026');
    expect(formatDate('2026-09-04')).toBe('4 Sep 2026');
    expect(formatDayDate('2026-02-09')).toBe('Mon 9 Feb 2026');
    expect(formatShortDate('2026-11-23')).toBe('Mon 23 Nov');
    expect(formatLongDate('2026-11-23')).toBe('Monday 23 November 2026');
    expect(weekdayPlural('2026-02-09')).toBe('Mondays');
    expect(formatDate('not a date')).toBe('not a date');
  });
});
