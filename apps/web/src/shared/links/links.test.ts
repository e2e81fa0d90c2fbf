import { describe, expect, it } from 'vitest';
import { noModes } from '../modes/modes';
import { siteUrl, withQuery } from './links';

const urls = {
  bookings: 'https://bookings.example.com',
  account: 'https://myaccount.example.com/',
  joining: 'https://join.example.com',
};

describe('withQuery', () => {
  it('appends only truthy values', () => {
    expect(
      withQuery('/basket', { kiosk: true, centre: null, page: 0, empty: '', no: false, x: undefined }),
    ).toBe('/basket?kiosk=true');
    expect(withQuery('/basket')).toBe('/basket');
  });

  it('keeps an existing query and hash and encodes values', () => {
    expect(withQuery('/a?b=1#top', { c: 'x y&z' })).toBe('/a?b=1&c=x+y%26z#top');
  });
});

describe('siteUrl', () => {
  it('builds links from the public URL of each sub-site', () => {
    expect(siteUrl(urls, 'account', '/register')).toBe('https://myaccount.example.com/register');
    expect(siteUrl(urls, 'joining', 'centre/york')).toBe('https://join.example.com/centre/york');
    expect(siteUrl(urls, 'bookings')).toBe('https://bookings.example.com/');
    expect(siteUrl({ bookings: '', account: '/account', joining: '/join' }, 'bookings', '/basket')).toBe(
      '/basket',
    );
  });

  it('adds embedded=true and kiosk=true in those modes, and nothing otherwise', () => {
    expect(siteUrl(urls, 'account', '/', {}, noModes)).toBe('https://myaccount.example.com/');
    expect(siteUrl(urls, 'account', '/', {}, { embedded: true, kiosk: false })).toBe(
      'https://myaccount.example.com/?embedded=true',
    );
    expect(siteUrl(urls, 'bookings', '/basket', { venue: 'york' }, { embedded: true, kiosk: true })).toBe(
      'https://bookings.example.com/basket?venue=york&embedded=true&kiosk=true',
    );
  });

  it('keeps an explicit flag in its place (the kiosk home link)', () => {
    expect(
      siteUrl(
        urls,
        'joining',
        '/kiosk/',
        { kiosk: true, centre: 'york-ouse-bank' },
        { embedded: false, kiosk: true },
      ),
    ).toBe('https://join.example.com/kiosk/?kiosk=true&centre=york-ouse-bank');
    expect(
      siteUrl(urls, 'joining', '/kiosk/', { kiosk: true, centre: null }, { embedded: false, kiosk: true }),
    ).toBe('https://join.example.com/kiosk/?kiosk=true');
  });
});
