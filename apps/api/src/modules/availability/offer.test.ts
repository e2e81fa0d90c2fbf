import { describe, expect, it } from 'vitest';
import { actionFor, anonymousViewer } from './offer';

const london = 'Europe/London';

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
