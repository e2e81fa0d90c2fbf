import { z } from 'zod';
import { zRequiredText, zSlug, zText } from './venues';

/**
 * The console's Activities area (issue 47): categories (`api/admin/activity-categories`), activities
 * (`api/admin/activities`), each venue's locations (`api/admin/locations`) and an activity's prices
 * (`api/admin/activities/{id}/pricing-options`, `api/admin/pricing-options/{id}`, `api/admin/tickets/{id}`).
 * Amounts are in minor units of the operator's currency.
 */

const zPosition = z.number().int().min(0, 'Zero or more.').max(10_000, 'At most 10000.');
const zId = z.number().int().min(1).max(2_147_483_647);

// ---- Categories --------------------------------------------------------------------------------

export const zAdminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
});
export type AdminCategory = z.infer<typeof zAdminCategory>;

/** `POST api/admin/activity-categories`. */
export const zCategoryCreate = z.object({
  slug: zSlug,
  name: zRequiredText(80),
  parent_id: zId.nullable().default(null),
  position: zPosition.default(0),
});
export type CategoryCreate = z.infer<typeof zCategoryCreate>;

/** `PATCH api/admin/activity-categories/{id}`. */
export const zCategoryUpdate = z
  .object({ name: zRequiredText(80), parent_id: zId.nullable(), position: zPosition })
  .partial()
  .strict();
export type CategoryUpdate = z.infer<typeof zCategoryUpdate>;

// ---- Activities --------------------------------------------------------------------------------

export const activityKinds = ['court', 'class', 'course'] as const;
export type ActivityKind = (typeof activityKinds)[number];

const zClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM.');

const activityFields = {
  category_id: zId,
  name: zRequiredText(120),
  description: z.string().max(5_000, 'At most 5000 characters.'),
  kind: z.enum(activityKinds, { error: 'Choose court, class or course.' }),
  /** A court activity's slot length; a class's or course session's length. */
  duration_minutes: z
    .number({ error: 'Enter the minutes.' })
    .int('Whole minutes.')
    .min(5, 'At least 5 minutes.')
    .max(1_440, 'At most 24 hours.'),
  /** Places open this many days before the session's date... */
  booking_window_days: z
    .number({ error: 'Enter the days.' })
    .int('Whole days.')
    .min(0, 'Zero or more.')
    .max(365, 'At most 365 days.'),
  /** ...at this local time; null: at the session's own start time. */
  booking_opens_at: zClock.nullable(),
  cancellation_cutoff_minutes: z
    .number({ error: 'Enter the minutes.' })
    .int('Whole minutes.')
    .min(0, 'Zero or more.')
    .max(60 * 24 * 60, 'At most 60 days.'),
  credit_on_cancellation: z.boolean(),
  needs_waiver: z.boolean(),
  has_waitlist: z.boolean(),
  allows_anonymous_bookings: z.boolean(),
  tags: z.array(zRequiredText(40)).max(20, 'At most 20 tags.'),
  position: zPosition,
  /** The venues offering it (their category pages list it). */
  venue_ids: z.array(zId).max(500),
};

/** `POST api/admin/activities`: the activity and its first prices (a standard option with tickets). */
export const zActivityCreate = z.object({
  slug: zSlug,
  ...activityFields,
  description: activityFields.description.default(''),
  booking_window_days: activityFields.booking_window_days.default(7),
  booking_opens_at: activityFields.booking_opens_at.default(null),
  cancellation_cutoff_minutes: activityFields.cancellation_cutoff_minutes.default(0),
  credit_on_cancellation: activityFields.credit_on_cancellation.default(true),
  needs_waiver: activityFields.needs_waiver.default(false),
  has_waitlist: activityFields.has_waitlist.default(false),
  allows_anonymous_bookings: activityFields.allows_anonymous_bookings.default(false),
  tags: activityFields.tags.default([]),
  position: activityFields.position.default(0),
  venue_ids: activityFields.venue_ids.default([]),
  pricing: z
    .array(
      z.object({
        name: zRequiredText(80),
        for_members: z.boolean().default(false),
        tickets: z
          .array(
            z.object({
              name: zRequiredText(80),
              amount: z.number().int('Whole pence.').min(0, 'Zero or more.').max(10_000_000, 'Too large.'),
            }),
          )
          .min(1, 'Give at least one ticket.')
          .max(20),
      }),
    )
    .min(1, 'Give at least a standard price.')
    .max(10),
});
export type ActivityCreate = z.infer<typeof zActivityCreate>;
export type ActivityCreateInput = z.input<typeof zActivityCreate>;

/** `PATCH api/admin/activities/{id}`: the slug and kind never change (links and sessions rely on them). */
export const zActivityUpdate = z.object(activityFields).omit({ kind: true }).partial().strict();
export type ActivityUpdate = z.infer<typeof zActivityUpdate>;

export const zAdminActivity = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(activityKinds),
  duration_minutes: z.number().int(),
  booking_window_days: z.number().int(),
  booking_opens_at: z.string().nullable(),
  cancellation_cutoff_minutes: z.number().int(),
  credit_on_cancellation: z.boolean(),
  needs_waiver: z.boolean(),
  has_waitlist: z.boolean(),
  allows_anonymous_bookings: z.boolean(),
  tags: z.array(z.string()),
  position: z.number().int(),
  venue_ids: z.array(z.number().int()),
});
export type AdminActivity = z.infer<typeof zAdminActivity>;

/** `GET api/admin/activities?category_id=&venue_id=` besides the list keys. */
export const zActivityListFilter = z.object({
  category_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  venue_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

// ---- Locations ---------------------------------------------------------------------------------

export const zAdminLocation = z.object({
  id: z.number().int(),
  venue_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  area: z.string(),
  type: z.string(),
  position: z.number().int(),
});
export type AdminLocation = z.infer<typeof zAdminLocation>;

/** `GET api/admin/locations?venue_id=` (required) besides the list keys. */
export const zLocationListFilter = z.object({
  venue_id: z.coerce.number({ error: 'Choose a venue.' }).int().min(1).max(2_147_483_647),
});

const locationFields = {
  name: zRequiredText(80),
  /** The facility it belongs to: 'Sports Hall', 'Main Pool'. */
  area: zRequiredText(80),
  type: zText(40).min(1, 'Required'),
  position: zPosition,
};

/** `POST api/admin/locations`. */
export const zLocationCreate = z.object({
  venue_id: zId,
  slug: zSlug,
  ...locationFields,
  type: locationFields.type.default('resource'),
  position: locationFields.position.default(0),
});
export type LocationCreate = z.infer<typeof zLocationCreate>;

/** `PATCH api/admin/locations/{id}`: the slug and venue never change. */
export const zLocationUpdate = z.object(locationFields).partial().strict();
export type LocationUpdate = z.infer<typeof zLocationUpdate>;

// ---- Prices ------------------------------------------------------------------------------------

export const zAdminTicket = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  position: z.number().int(),
});
export const zAdminPricingOption = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  name: z.string(),
  for_members: z.boolean(),
  position: z.number().int(),
  tickets: z.array(zAdminTicket),
});
export type AdminPricingOption = z.infer<typeof zAdminPricingOption>;
export type AdminTicket = z.infer<typeof zAdminTicket>;
export const zAdminPricing = z.object({ data: z.array(zAdminPricingOption) });

const zAmount = z
  .number({ error: 'Enter the amount.' })
  .int('Whole pence.')
  .min(0, 'Zero or more.')
  .max(10_000_000, 'Too large.');

/** `POST api/admin/activities/{id}/pricing-options`. */
export const zPricingOptionCreate = z.object({
  name: zRequiredText(80),
  for_members: z.boolean().default(false),
  position: zPosition.default(0),
});
/** `PATCH api/admin/pricing-options/{id}`. */
export const zPricingOptionUpdate = z
  .object({ name: zRequiredText(80), for_members: z.boolean(), position: zPosition })
  .partial()
  .strict();

/** `POST api/admin/pricing-options/{id}/tickets`. */
export const zTicketCreate = z.object({
  name: zRequiredText(80),
  amount: zAmount,
  position: zPosition.default(0),
});
/** `PATCH api/admin/tickets/{id}`: applies to the next basket add, never to lines already added. */
export const zTicketUpdate = z
  .object({ name: zRequiredText(80), amount: zAmount, position: zPosition })
  .partial()
  .strict();
