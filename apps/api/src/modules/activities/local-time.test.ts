import { describe, expect, it } from 'vitest';
import { actionFor, anonymousViewer } from './activities.service';
import {
  addDays,
  daysBetween,
  localDateOf,
  localIso,
  localTimeOf,
  prettyDate,
  twelveHour,
  weekdayOf,
  zonedTimeToUtc,
} from './local-time';
import { compositeKeyOf, firstBookableAt, weekdayMask } from './timetable.service';

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
    expect(twelveHour('13:30', true)).toBe('01:30pm');
    expect(twelveHour('13:30', false)).toBe('1:30pm');
    expect(twelveHour('00:05', false)).toBe('12:05am');
    expect(twelveHour('12:00', false)).toBe('12:00pm');
  });
});

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

describe('actionFor', () => {
  const now = new Date('2026-02-09T12:00:00Z');
  const court = { hasWaitlist: false, allowsAnonymousBookings: false };
  const user = { userId: 7, isMember: false };

  it('lists a session with a null status before it opens, naming when it will', () => {
    expect(actionFor(new Date('2026-02-09T22:00:00Z'), 4, court, user, now, london)).toEqual({
      status: null,
      reason: 'Bookable from 22:00 on Mon 9 Feb',
    });
  });

  it('says FULL, or WAITLIST where the activity keeps one, before asking anyone to log in', () => {
    const open = new Date('2026-02-01T00:00:00Z');
    expect(actionFor(open, 0, court, anonymousViewer, now, london).status).toBe('FULL');
    expect(actionFor(open, 0, { ...court, hasWaitlist: true }, user, now, london).status).toBe('WAITLIST');
    expect(actionFor(open, 1, court, anonymousViewer, now, london).status).toBe('LOGIN');
    expect(
      actionFor(open, 1, { ...court, allowsAnonymousBookings: true }, anonymousViewer, now, london),
    ).toEqual({
      status: 'BOOK',
      reason: null,
    });
    expect(actionFor(open, 1, court, user, now, london).status).toBe('BOOK');
  });
});
