import { describe, expect, it } from 'vitest';
import { siteOfPath, venueOfAddress } from './sites';

describe('the sub-site of a path', () => {
  it('is my-account under /account, joining under /join, else bookings', () => {
    expect(siteOfPath('/account')).toBe('account');
    expect(siteOfPath('/account/bookings/past')).toBe('account');
    expect(siteOfPath('/join/')).toBe('joining');
    expect(siteOfPath('/joiner')).toBe('bookings');
    expect(siteOfPath('/accounts')).toBe('bookings');
    expect(siteOfPath('/location/leeds')).toBe('bookings');
  });
});

describe('the venue an address names', () => {
  it("is ?venue= on bookings pages, a venue's path, or a joining centre's path", () => {
    expect(venueOfAddress('/', '?kiosk=1&venue=leeds-riverside')).toBe('leeds-riverside');
    expect(venueOfAddress('/location/york-ouse-bank/swimming', '')).toBe('york-ouse-bank');
    expect(venueOfAddress('/location/york-ouse-bank', '?venue=leeds-riverside')).toBe('leeds-riverside');
    expect(venueOfAddress('/join/centre/york-ouse-bank/membership/gym', '?venue=leeds')).toBe(
      'york-ouse-bank',
    );
  });

  it('is none on my-account pages, nor what is not a plain slug', () => {
    expect(venueOfAddress('/account/', '?venue=leeds-riverside')).toBeNull();
    expect(venueOfAddress('/', '?venue=%3Cscript%3E')).toBeNull();
    expect(venueOfAddress('/location/%22%3E', '')).toBeNull();
    expect(venueOfAddress('/', '?venue=%E0%A4%A')).toBeNull();
    expect(venueOfAddress('/basket', '')).toBeNull();
  });
});
