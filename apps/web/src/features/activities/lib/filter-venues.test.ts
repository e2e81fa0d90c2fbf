import { describe, expect, it } from 'vitest';
import { filterVenues } from './filter-venues';

const venues = [
  {
    name: 'Riverside Leisure Centre Leeds',
    town: 'Leeds',
    address: '14 Wharfside Way',
    postcode: 'LS11 5QT',
  },
  { name: 'Ouse Bank Leisure Centre York', town: 'York', address: '3 Skeldergate Mews', postcode: 'YO1 6DQ' },
];

describe('filterVenues', () => {
  it('shows every venue until 3 characters are typed', () => {
    expect(filterVenues(venues, '')).toHaveLength(2);
    expect(filterVenues(venues, 'yo')).toHaveLength(2);
    expect(filterVenues(venues, '  y ')).toHaveLength(2);
  });

  it('matches name, town, address and postcode, any case, every word', () => {
    expect(filterVenues(venues, 'york').map((venue) => venue.town)).toEqual(['York']);
    expect(filterVenues(venues, 'ls11').map((venue) => venue.town)).toEqual(['Leeds']);
    expect(filterVenues(venues, 'yo16dq').map((venue) => venue.town)).toEqual(['York']);
    expect(filterVenues(venues, 'leisure centre')).toHaveLength(2);
    expect(filterVenues(venues, 'skeldergate leeds')).toEqual([]);
  });
});
