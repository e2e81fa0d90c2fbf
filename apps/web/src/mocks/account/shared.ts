import { longMonthNames as months } from '@leisure/contract/calendar-names';
import { HttpResponse } from 'msw';
import { getApiSettings, readCookie } from '../../shared/api/client';
import { mockJoiningVenues } from '../joining-handlers';

/**
 * Helpers the my-account mock handlers share: paths, the mock session, the API's error answers and
 * dates relative to today, so "upcoming" stays upcoming whenever the mock is run.
 */

/** Matches the API on any origin (same-origin in the browser, http://localhost in tests). */
export const api = (path: string) => `*/api/${path}`;

export const hasSession = () => Boolean(readCookie(getApiSettings().csrfCookie));

export const unauthenticated = () =>
  HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });

export const notFound = (message = 'Unable to complete request, item not found.') =>
  HttpResponse.json({ message }, { status: 404 });

/** The API's 422: a message and the same text under each named field. */
export const invalid = (field: string, message: string) =>
  HttpResponse.json({ message, errors: { [field]: [message] } }, { status: 422 });

/** The mock venues of the account area (the joining mocks' venues, so names agree across screens). */
const accountVenues = mockJoiningVenues.map((venue) => ({ id: venue.id, name: venue.name }));
export const [leeds, york, harrogate] = accountVenues as [
  { id: number; name: string },
  { id: number; name: string },
  { id: number; name: string },
];

/** The venue's slug (the bookings site's venue paths). */
export const venueSlugOf = (id: number) => mockJoiningVenues.find((venue) => venue.id === id)?.slug ?? '';

export const formatMoney = (raw: number) => `£${(raw / 100).toFixed(2)}`;
const money = (raw: number) => ({ raw, formatted: formatMoney(raw) });
export const membershipMoney = (raw: number) => ({ ...money(raw), decimal: (raw / 100).toFixed(2) });

const pad = (value: number) => String(value).padStart(2, '0');
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Today plus `days` (UTC), at `hour`:`minute`. */
export function dayFromToday(days: number, hour = 0, minute = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, hour, minute));
}

/** 'YYYY-MM-DD' */
export const isoDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** 'YYYY-MM-DDTHH:mm:00+00:00' (the mock venues keep UTC). */
export const localDateTime = (date: Date) =>
  `${isoDate(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:00+00:00`;
/** 'HH:mm' */
export const clock = (date: Date) => `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
/** 'Wed 02 December 2026' */
export const longDate = (date: Date) =>
  `${weekdays[date.getUTCDay()]} ${pad(date.getUTCDate())} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
/** 'D MMM YYYY' */
export const fullDate = (date: Date) =>
  `${date.getUTCDate()} ${months[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCFullYear()}`;
/** 'DD/MM/YYYY' */
export const ukDate = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
/** '10th January 2027' */
export function prettyDate(date: Date): string {
  const day = date.getUTCDate();
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
/** `{ full_date, raw }` of my memberships. */
export const membershipDate = (date: Date) => ({ full_date: fullDate(date), raw: isoDate(date) });
