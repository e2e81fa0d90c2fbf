import { describe, expect, it } from 'vitest';
import { matchRoutePath, routeRank } from './site-pages';

describe("a route's pattern, as React Router matches it", () => {
  it('takes parameters, optional segments and a trailing slash', () => {
    expect(matchRoutePath('/location/:venue', '/location/leeds/')).toEqual({ venue: 'leeds' });
    expect(matchRoutePath('/location/:venue', '/location/leeds/swimming')).toBeUndefined();
    expect(matchRoutePath('/', '/')).toEqual({});
    expect(matchRoutePath('/', '/basket')).toBeUndefined();
    const centre = '/join/centre/:centreSlug/membership?/:membershipSlug?/:paymentType?';
    expect(matchRoutePath(centre, '/join/centre/york')).toEqual({ centreSlug: 'york' });
    expect(matchRoutePath(centre, '/join/centre/york/membership/gym/monthly')).toEqual({
      centreSlug: 'york',
      membershipSlug: 'gym',
      paymentType: 'monthly',
    });
    expect(matchRoutePath('/account/bookings/:filter?', '/account/bookings')).toEqual({});
    expect(matchRoutePath('/files/*', '/files/a/b')).toEqual({ '*': 'a/b' });
  });

  it('ranks a static segment above a parameter', () => {
    expect(routeRank('/account/login')).toBeGreaterThan(routeRank('/account/:filter'));
    expect(routeRank('/location/:venue/:slug')).toBeGreaterThan(routeRank('/location/:venue'));
  });
});
