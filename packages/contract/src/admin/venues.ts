import { z } from 'zod';
import { isUkPostcode, normalisePostcode, postcodeMessage } from '../postcode';

/**
 * The console's Venues area (issue 47): `api/admin/venues`. A venue's slug names it in customers'
 * links (`/venues/<slug>`), so it is chosen once, when the venue is created, and never changed.
 */

export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const slugMessage = 'Use lower-case letters, digits and single hyphens.';

export const zSlug = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(80, 'At most 80 characters.')
  .regex(slugPattern, slugMessage);

/** Text a person reads: trimmed, no control characters. */
export function zText(max: number) {
  return z
    .string({ error: 'Required' })
    .trim()
    .max(max, `At most ${max} characters.`)
    .regex(/^[^\p{Cc}]*$/u, 'Remove the control characters.');
}
export function zRequiredText(max: number) {
  return zText(max).min(1, 'Required');
}

/** Whether the runtime knows this IANA time zone ('Europe/London'). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

const zClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

/** One weekday's hours: open and close ('HH:MM', local), or closed (both null). */
export const zOpeningDay = z
  .object({ opens: zClock.nullable(), closes: zClock.nullable() })
  .refine((day) => (day.opens === null) === (day.closes === null), {
    message: 'Give both times, or neither for a closed day.',
    path: ['closes'],
  })
  .refine((day) => day.opens === null || day.closes === null || day.opens < day.closes, {
    message: 'Closing must be after opening.',
    path: ['closes'],
  });
export type OpeningDay = z.infer<typeof zOpeningDay>;

export const zOpeningHours = z.object({
  monday: zOpeningDay,
  tuesday: zOpeningDay,
  wednesday: zOpeningDay,
  thursday: zOpeningDay,
  friday: zOpeningDay,
  saturday: zOpeningDay,
  sunday: zOpeningDay,
});
export type OpeningHours = z.infer<typeof zOpeningHours>;

const zPostcode = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(10, postcodeMessage)
  .refine(isUkPostcode, postcodeMessage)
  .transform(normalisePostcode);

const zOptionalText = (max: number) =>
  zText(max)
    .nullish()
    .transform((value) => (value ? value : null));

/** The fields staff can change (every one of them on create but `slug`, which create adds). */
const venueFields = {
  name: zRequiredText(120),
  address1: zRequiredText(120),
  address2: zOptionalText(120),
  town: zRequiredText(80),
  area: zText(80).default(''),
  postcode: zPostcode,
  lat: z
    .number({ error: 'Enter a latitude.' })
    .min(-90, 'Between -90 and 90.')
    .max(90, 'Between -90 and 90.'),
  lng: z
    .number({ error: 'Enter a longitude.' })
    .min(-180, 'Between -180 and 180.')
    .max(180, 'Between -180 and 180.'),
  timezone: z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone such as Europe/London.'),
  phone: zOptionalText(40),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || z.email().safeParse(value).success, 'Enter a valid email address.'),
  opening_hours: zOpeningHours.nullable(),
  /** null: as the operator's setting says. */
  display_venue_selection_button: z.boolean().nullable(),
  can_display_ineligible_memberships: z.boolean(),
  /** null: as the operator's setting says. */
  activities_v2_enabled: z.boolean().nullable(),
};

/** `POST api/admin/venues`. */
export const zVenueCreate = z.object({
  slug: zSlug,
  ...venueFields,
  area: venueFields.area,
  timezone: venueFields.timezone.default('Europe/London'),
  opening_hours: venueFields.opening_hours.default(null),
  display_venue_selection_button: venueFields.display_venue_selection_button.default(null),
  can_display_ineligible_memberships: venueFields.can_display_ineligible_memberships.default(false),
  activities_v2_enabled: venueFields.activities_v2_enabled.default(null),
});
export type VenueCreate = z.infer<typeof zVenueCreate>;
export type VenueCreateInput = z.input<typeof zVenueCreate>;

/** `PATCH api/admin/venues/{id}`: any of the fields; the slug never changes. */
export const zVenueUpdate = z.object(venueFields).partial().strict();
export type VenueUpdate = z.infer<typeof zVenueUpdate>;

/** A venue as the console shows it. */
export const zAdminVenue = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string(),
  area: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  timezone: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  opening_hours: zOpeningHours.nullable(),
  display_venue_selection_button: z.boolean().nullable(),
  can_display_ineligible_memberships: z.boolean(),
  activities_v2_enabled: z.boolean().nullable(),
});
export type AdminVenue = z.infer<typeof zAdminVenue>;

export const zIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
