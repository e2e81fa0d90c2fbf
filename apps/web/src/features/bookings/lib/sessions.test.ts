import { describe, expect, it } from 'vitest';
import { courseWeeks, formatDayDate } from '../../../shared/format/dates';
import { sessionLocation, toSessionDisplay } from './sessions';

describe('session display', () => {
  it('takes the first comma part of the location, else Unknown Location', () => {
    expect(sessionLocation('Main Pool, Leeds Riverside')).toBe('Main Pool');
    expect(sessionLocation('')).toBe('Unknown Location');
    expect(sessionLocation(null)).toBe('Unknown Location');
  });

  it('shows the day and date, the time range and whether it is past', () => {
    const session = toSessionDisplay(
      {
        id: 1,
        status: 'booked',
        startsAt: { local: '2026-02-09T19:00:00+00:00' },
        endsAt: { local: '2026-02-09T19:45:00+00:00' },
        locationName: 'Teaching Pool',
        venue: { name: 'Leeds' },
        spots: 3,
      },
      new Date('2026-02-10T00:00:00Z'),
    );
    expect(session).toEqual({
      id: 1,
      dayAndDate: 'Mon 9 Feb 2026',
      timeRange: '19:00 - 19:45',
      location: 'Teaching Pool',
      date: '2026-02-09',
      isPast: true,
      isCancelled: false,
      spots: 3,
    });
  });

  it('counts course weeks rounded up, at least one', () => {
    expect(courseWeeks('2026-02-09T19:00:00+00:00', '2026-02-09T19:00:00+00:00')).toBe(1);
    expect(courseWeeks('2026-02-09T19:00:00+00:00', '2026-03-16T19:00:00+00:00')).toBe(5);
    expect(formatDayDate('2026-12-25')).toBe('Fri 25 Dec 2026');
  });
});
