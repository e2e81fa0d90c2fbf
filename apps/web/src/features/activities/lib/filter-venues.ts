/** The search box answers from this many characters; before that every venue shows (bookings-api.md). */
export const minSearchLength = 3;

export interface SearchableVenue {
  name: string;
  town: string;
  address: string;
  postcode: string;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Venues whose name, town, address or postcode contain every word typed, once 3 characters are in. */
export function filterVenues<V extends SearchableVenue>(venues: V[], search: string): V[] {
  const query = normalise(search);
  if (query.length < minSearchLength) return venues;
  const words = query.split(' ');
  return venues.filter((venue) => {
    const haystack = normalise([venue.name, venue.town, venue.address, venue.postcode].join(' '));
    const compact = haystack.replace(/ /g, '');
    return words.every((word) => haystack.includes(word) || compact.includes(word));
  });
}
