import {
  type ActionToShow,
  type ActivityVenue,
  activityMessages,
  type BookableDate,
  type Category,
  type CategoryDetail,
  type Clock,
  type Instant,
  type Location,
  type Occurrence,
  type Slot,
  type SlotPrice,
  type Ticket,
  type Time,
  type TimeGroupLocation,
  type TimetableItem,
} from '@leisure/contract/activities';
import { formatMoney } from '@leisure/contract/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type ClientRow, getCurrentClient, getVenue } from '../operator/operator.service';
import { ReadCache } from '../operator/read-cache';
import type { Auth } from '../session/session';
import {
  type ActivityRow,
  type CategoryRow,
  findActivityById,
  findOccurrence,
  findVenueActivity,
  findVenueOfClient,
  type LocationRow,
  listActivityLocations,
  listCategories,
  listPricing,
  listSessions,
  listTimeGroups,
  listVenueActivities,
  listVenuesOfClient,
  listViewerPlaces,
  type PricingOptionWithTickets,
  type SessionFilter,
  type SessionRow,
  type TimeGroupRow,
  type VenueRow,
} from './activities.repository';
import {
  addDays,
  daysBetween,
  type LocalDate,
  localDateOf,
  localDayBounds,
  localIso,
  localTimeOf,
  prettyDate,
  twelveHour,
  utcIso,
  zonedTimeToUtc,
} from './local-time';

// ---- Who is asking ------------------------------------------------------------------------------

/** The user the availability is computed for. */
export interface Viewer {
  userId: number | null;
  /** Holds an active membership, so member prices apply. */
  isMember: boolean;
}

export const anonymousViewer: Viewer = { userId: null, isMember: false };

/** The session lookup already knows whether the user holds an active membership (member prices). */
export function viewerOf(auth: Auth | null): Viewer {
  if (!auth) return anonymousViewer;
  return { userId: auth.user.id, isMember: auth.isMember };
}

/** An activity's pricing options with their tickets, in order (the basket prices its lines with them). */
export async function listActivityPricing(
  db: Database,
  activityId: number,
): Promise<PricingOptionWithTickets[]> {
  return listPricing(db, activityId);
}

// ---- The catalogue: operator data read on every availability call, cached briefly ------------------

export interface ActivityContext {
  client: ClientRow;
  venue: VenueRow;
  activity: ActivityRow;
  pricing: PricingOptionWithTickets[];
}

export interface ActivitiesDeps {
  db: Database;
  config: Config;
  catalogue: Catalogue;
  /**
   * Releases basket holds that have run out (the cart module's hold keeper): availability reads of
   * sessions with places held call it first, so an expired hold never shows as a taken place for long.
   */
  holds?: { releaseExpired(scope: ReleaseScope): Promise<boolean> } | undefined;
}

export type ReleaseScope =
  | { occurrenceIds: number[] }
  | { range: { venueId: number; activityId: number; from: Date; to: Date } };

/** The viewer's own bookings and waitlist entries among the sessions answered. */
export interface ViewerPlaces {
  bookingOf(occurrenceId: number): { id: number } | null;
  waitlistOf(occurrenceId: number): number | null;
  bookingInGroup(compositeKey: string): { id: number } | null;
}

export const noPlaces: ViewerPlaces = {
  bookingOf: () => null,
  waitlistOf: () => null,
  bookingInGroup: () => null,
};

export async function viewerPlaces(
  deps: ActivitiesDeps,
  viewer: Viewer,
  scope: Parameters<typeof listViewerPlaces>[2],
): Promise<ViewerPlaces> {
  if (viewer.userId === null) return noPlaces;
  const rows = await listViewerPlaces(deps.db, viewer.userId, scope);
  if (rows.length === 0) return noPlaces;
  const booking = (id: number | undefined | null) => (id == null ? null : { id });
  return {
    bookingOf: (occurrenceId) =>
      booking(rows.find((r) => r.occurrenceId === occurrenceId && r.bookingId)?.bookingId),
    waitlistOf: (occurrenceId) =>
      rows.find((r) => r.occurrenceId === occurrenceId && r.waitlistId)?.waitlistId ?? null,
    bookingInGroup: (key) => booking(rows.find((r) => r.compositeKey === key && r.bookingId)?.bookingId),
  };
}

export interface Catalogue {
  /** The current operator's venue by slug, and an activity it offers by slug; 404 otherwise. */
  activityAt(venueSlug: string, activitySlug: string): Promise<ActivityContext>;
  /** An activity and venue by id (the occurrence call). */
  activityById(activityId: number, venueId: number): Promise<ActivityContext>;
  clear(): void;
}

export const catalogueTtlMs = 30_000;

/**
 * Venues, activities and their prices change a few times a year, by staff; the availability calls
 * read them on every request. Like the theme (docs/decisions/003-theme-cache.md) each process keeps
 * them for 30 seconds, so a `times` call makes one query: the sessions and their places, which are
 * never cached. Not-found answers are not kept.
 */
export function createCatalogue(
  db: Database,
  config: Config,
  options: { ttlMs?: number; now?: () => number } = {},
): Catalogue {
  const cache = new ReadCache<ActivityContext>({
    ttlMs: options.ttlMs ?? catalogueTtlMs,
    maxEntries: 2_000,
    ...(options.now ? { now: options.now } : {}),
  });
  const load = async (venueSlug: string, activitySlug: string): Promise<ActivityContext> => {
    const client = await getCurrentClient(db, config);
    const venue = await getVenue(db, config, venueSlug);
    const activity = await findVenueActivity(db, venue.id, activitySlug);
    if (!activity) throw AppError.notFound();
    return { client, venue, activity, pricing: await listPricing(db, activity.id) };
  };
  const loadById = async (activityId: number, venueId: number): Promise<ActivityContext> => {
    const client = await getCurrentClient(db, config);
    const venue = await findVenueOfClient(db, client.id, venueId);
    const activity = await findActivityById(db, activityId);
    if (!venue || !activity || activity.clientId !== client.id) throw AppError.notFound();
    return { client, venue, activity, pricing: await listPricing(db, activity.id) };
  };
  return {
    activityAt: (venueSlug, activitySlug) =>
      cache.get(`slug|${venueSlug}|${activitySlug}`, () => load(venueSlug, activitySlug)),
    activityById: (activityId, venueId) =>
      cache.get(`id|${activityId}|${venueId}`, () => loadById(activityId, venueId)),
    clear: () => cache.clear(),
  };
}

// ---- Wire pieces --------------------------------------------------------------------------------

const noRestrictions = { pre_waiver: null, pre_induction: null, criteria: null } as const;

function duration(activity: ActivityRow): string {
  return `${activity.durationMinutes}min`;
}

function clock(instant: Date, timeZone: string, padded: boolean): Clock {
  const time = localTimeOf(instant, timeZone);
  return { format_12_hour: twelveHour(time, padded), format_24_hour: time };
}

export function instant(at: Date, timeZone: string): Instant {
  const time = localTimeOf(at, timeZone);
  return {
    utc: utcIso(at),
    local: localIso(at, timeZone),
    format_12_hour: twelveHour(time, false),
    format_24_hour: time,
  };
}

function slotDate(date: LocalDate) {
  const pretty = prettyDate(date);
  return {
    raw: pretty.raw,
    raw_pretty: pretty.raw_pretty,
    day_pretty: pretty.day_short,
    date_pretty: pretty.date_pretty,
    full_date_pretty: pretty.long_pretty,
  };
}

function locationOf(session: SessionRow, venue: VenueRow): Location {
  return {
    id: String(session.locationId),
    name: session.locationName,
    type: session.locationType,
    slug: session.locationSlug,
    venue_id: venue.id,
    venue_slug: venue.slug,
  };
}

export function spacesOf(session: Pick<SessionRow, 'capacity' | 'bookedCount' | 'heldCount'>): number {
  return Math.max(0, session.capacity - session.bookedCount - session.heldCount);
}

/** What a price looks like to this viewer: the member option for members, the standard one otherwise. */
interface ViewerPrice {
  optionId: number;
  amount: number;
  benefitApplied: boolean;
  /** The activity has a member price (whether or not this viewer gets it). */
  memberPriceExists: boolean;
}

function priceFor(pricing: PricingOptionWithTickets[], viewer: Viewer): ViewerPrice {
  const member = pricing.find((option) => option.forMembers);
  const standard = pricing.find((option) => !option.forMembers);
  const chosen = viewer.isMember && member ? member : standard;
  return {
    optionId: chosen?.id ?? 0,
    // The first ticket of an option is its headline price (Adult).
    amount: chosen?.tickets[0]?.amount ?? 0,
    benefitApplied: chosen !== undefined && chosen === member,
    memberPriceExists: member !== undefined,
  };
}

function slotPrice(price: ViewerPrice, currency: string): SlotPrice {
  return {
    benefit_applied: price.benefitApplied,
    package_applied: false,
    formatted: formatMoney(price.amount, currency),
    raw: price.amount,
  };
}

/**
 * The action a viewer is offered: null before booking opens; FULL (or WAITLIST where the activity
 * keeps one) when no place is left; LOGIN for an anonymous viewer unless the activity allows
 * anonymous bookings; BOOK otherwise.
 */
export function actionFor(
  opensAt: Date,
  spaces: number,
  activity: Pick<ActivityRow, 'hasWaitlist' | 'allowsAnonymousBookings'>,
  viewer: Viewer,
  now: Date,
  timeZone: string,
): ActionToShow {
  if (now < opensAt) {
    const date = prettyDate(localDateOf(opensAt, timeZone));
    return {
      status: null,
      reason: `Bookable from ${localTimeOf(opensAt, timeZone)} on ${date.short_pretty}`,
    };
  }
  if (spaces <= 0) {
    return activity.hasWaitlist
      ? { status: 'WAITLIST', reason: activityMessages.waitlist }
      : { status: 'FULL', reason: activityMessages.full };
  }
  if (viewer.userId === null && !activity.allowsAnonymousBookings) {
    return { status: 'LOGIN', reason: activityMessages.login };
  }
  return { status: 'BOOK', reason: null };
}

// ---- Discovery -----------------------------------------------------------------------------------

/** `GET activities/venues`: the operator's venues. */
export async function listActivityVenues(deps: ActivitiesDeps): Promise<ActivityVenue[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const venues = await listVenuesOfClient(deps.db, client.id);
  return venues.map((venue) => ({
    id: venue.id,
    slug: venue.slug,
    name: venue.name,
    town: venue.town,
    address: [venue.address1, venue.address2].filter((line): line is string => Boolean(line)).join(', '),
    postcode: venue.postcode,
    lat: venue.lat,
    lng: venue.lng,
    timezone: venue.timezone,
    activities_v2_enabled: venue.activitiesV2Enabled ?? client.activitiesV2Enabled,
    display_venue_selection_button: venue.displayVenueSelectionButton ?? client.displayVenueSelectionButton,
  }));
}

/** The venue's category tree: only categories with an activity the venue offers somewhere below. */
interface VenueTree {
  venue: VenueRow;
  categories: CategoryRow[];
  activities: ActivityRow[];
  /** Category ids with an offered activity at or below them. */
  live: Set<number>;
}

async function venueTree(deps: ActivitiesDeps, venueSlug: string): Promise<VenueTree> {
  const venue = await getVenue(deps.db, deps.config, venueSlug);
  const [categories, activities] = await Promise.all([
    listCategories(deps.db, venue.clientId),
    listVenueActivities(deps.db, venue.id),
  ]);
  const parentOf = new Map(categories.map((category) => [category.id, category.parentId]));
  const live = new Set<number>();
  for (const activity of activities) {
    let id: number | null | undefined = activity.categoryId;
    while (id != null && !live.has(id)) {
      live.add(id);
      id = parentOf.get(id);
    }
  }
  return { venue, categories, activities, live };
}

function childrenOf(tree: VenueTree, categoryId: number): Category[] {
  const parent = tree.categories.find((category) => category.id === categoryId);
  const parentSlug = parent?.slug ?? null;
  const categories = tree.categories
    .filter((category) => category.parentId === categoryId && tree.live.has(category.id))
    .map((category) => categoryOf(tree, category));
  const activities = tree.activities
    .filter((activity) => activity.categoryId === categoryId)
    .map((activity) => ({
      slug: activity.slug,
      name: activity.name,
      has_children: false,
      type: 'activity' as const,
      parent_slug: parentSlug,
      is_root: false,
    }));
  return [...categories, ...activities];
}

function categoryOf(tree: VenueTree, category: CategoryRow): Category {
  const parent = tree.categories.find((row) => row.id === category.parentId);
  return {
    slug: category.slug,
    name: category.name,
    has_children: true,
    type: 'category',
    parent_slug: parent?.slug ?? null,
    is_root: category.parentId === null,
  };
}

/** `GET activities/venue/{venue}/categories`: the venue's root categories. */
export async function listVenueCategories(deps: ActivitiesDeps, venueSlug: string): Promise<Category[]> {
  const tree = await venueTree(deps, venueSlug);
  return tree.categories
    .filter((category) => category.parentId === null && tree.live.has(category.id))
    .map((category) => categoryOf(tree, category));
}

/**
 * `GET activities/venue/{venue}/categories/{slug}`: a category with its children (sub-categories
 * and activities), or an activity (activities are the tree's leaves) with its locations.
 */
export async function describeCategory(
  deps: ActivitiesDeps,
  venueSlug: string,
  slug: string,
  now: Date,
): Promise<CategoryDetail> {
  const tree = await venueTree(deps, venueSlug);
  const category = tree.categories.find((row) => row.slug === slug && tree.live.has(row.id));
  if (category)
    return { ...categoryOf(tree, category), children: childrenOf(tree, category.id), locations: [] };
  const activity = tree.activities.find((row) => row.slug === slug);
  if (!activity) throw AppError.notFound();
  const parent = tree.categories.find((row) => row.id === activity.categoryId);
  const from = localDayBounds(localDateOf(now, tree.venue.timezone), tree.venue.timezone).from;
  const locations = await listActivityLocations(deps.db, tree.venue.id, activity.id, from);
  return {
    slug: activity.slug,
    name: activity.name,
    has_children: false,
    type: 'activity',
    parent_slug: parent?.slug ?? null,
    is_root: false,
    children: [],
    locations: locations.map((location) => locationRowOf(location, tree.venue)),
  };
}

function locationRowOf(location: LocationRow, venue: VenueRow): Location {
  return {
    id: String(location.id),
    name: location.name,
    type: location.type,
    slug: location.slug,
    venue_id: venue.id,
    venue_slug: venue.slug,
  };
}

function bookableDates(today: LocalDate, windowDays: number): BookableDate[] {
  const dates: BookableDate[] = [];
  for (let offset = 0; offset <= windowDays; offset++) {
    const pretty = prettyDate(addDays(today, offset));
    dates.push({
      raw: pretty.raw,
      full_date_pretty: pretty.short_pretty,
      today: offset === 0,
      day_pretty: pretty.day_long,
      date_pretty: pretty.date_pretty,
      year: pretty.year,
    });
  }
  return dates;
}

/**
 * `GET activities/venue/{venue}/activity-category/{category}/dates`: today and every day up to the
 * booking window. `{category}` may name an activity (a leaf) or a category (the widest window of
 * the venue's activities below it).
 */
export async function listBookableDates(
  deps: ActivitiesDeps,
  venueSlug: string,
  slug: string,
  now: Date,
): Promise<BookableDate[]> {
  const tree = await venueTree(deps, venueSlug);
  let windows: number[];
  const activity = tree.activities.find((row) => row.slug === slug);
  if (activity) {
    windows = [activity.bookingWindowDays];
  } else {
    const category = tree.categories.find((row) => row.slug === slug && tree.live.has(row.id));
    if (!category) throw AppError.notFound();
    const below = new Set<number>([category.id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const row of tree.categories) {
        if (row.parentId !== null && below.has(row.parentId) && !below.has(row.id)) {
          below.add(row.id);
          grew = true;
        }
      }
    }
    windows = tree.activities.filter((row) => below.has(row.categoryId)).map((row) => row.bookingWindowDays);
  }
  return bookableDates(localDateOf(now, tree.venue.timezone), Math.max(0, ...windows));
}

// ---- Availability ----------------------------------------------------------------------------------

/** 422 unless the date is today or a later day inside the activity's booking window. */
function assertDateInWindow(context: ActivityContext, date: LocalDate, now: Date): void {
  const today = localDateOf(now, context.venue.timezone);
  const ahead = daysBetween(today, date);
  if (ahead < 0 || ahead > context.activity.bookingWindowDays) {
    throw AppError.validation({ date: [activityMessages.dateOutsideWindow] });
  }
}

/** The part of the day still bookable: sessions that have started can no longer be booked. */
export function bookableRange(
  context: ActivityContext,
  date: LocalDate,
  now: Date,
): { from: Date; to: Date } {
  assertDateInWindow(context, date, now);
  const day = localDayBounds(date, context.venue.timezone);
  return { from: day.from > now ? day.from : now, to: day.to };
}

/** The viewer-places scope of a day's bookable sessions. */
function dayScope(context: ActivityContext, date: LocalDate, now: Date) {
  return { venueId: context.venue.id, activityId: context.activity.id, ...bookableRange(context, date, now) };
}

/** The day's sessions that have not started yet. */
async function sessionsOn(
  deps: ActivitiesDeps,
  context: ActivityContext,
  date: LocalDate,
  now: Date,
  extra: Partial<Pick<SessionFilter, 'compositeKey' | 'startsAt' | 'endsAt'>> = {},
): Promise<SessionRow[]> {
  const filter = {
    venueId: context.venue.id,
    activityId: context.activity.id,
    ...bookableRange(context, date, now),
    ...extra,
  };
  const sessions = await listSessions(deps.db, filter);
  const held = sessions.filter((session) => session.heldCount > 0).map((session) => session.id);
  if (held.length > 0 && (await deps.holds?.releaseExpired({ occurrenceIds: held }))) {
    return listSessions(deps.db, filter);
  }
  return sessions;
}

/** The day's time groups that have not started yet, summed by the database. */
async function timeGroupsOn(
  deps: ActivitiesDeps,
  context: ActivityContext,
  date: LocalDate,
  now: Date,
): Promise<TimeGroupRow[]> {
  const range = {
    venueId: context.venue.id,
    activityId: context.activity.id,
    ...bookableRange(context, date, now),
  };
  const groups = await listTimeGroups(deps.db, range);
  if (groups.some((group) => group.heldCount > 0) && (await deps.holds?.releaseExpired({ range }))) {
    return listTimeGroups(deps.db, range);
  }
  return groups;
}

export function timeOf(
  context: ActivityContext,
  group: TimeGroupRow,
  viewer: Viewer,
  now: Date,
  places: ViewerPlaces = noPlaces,
): Time {
  const { venue, activity } = context;
  const tz = venue.timezone;
  const price = priceFor(context.pricing, viewer);
  return {
    starts_at: clock(group.startsAt, tz, true),
    ends_at: clock(group.endsAt, tz, true),
    duration: duration(activity),
    price: {
      is_estimated: viewer.userId === null && price.memberPriceExists,
      formatted_amount: formatMoney(price.amount, context.client.currency),
    },
    composite_key: group.compositeKey,
    timestamp: Math.floor(group.startsAt.getTime() / 1000),
    booking: places.bookingInGroup(group.compositeKey),
    action_to_show: actionFor(group.firstBookableAt, group.spaces, activity, viewer, now, tz),
    category_slug: activity.slug,
    date: localDateOf(group.startsAt, tz),
    venue_slug: venue.slug,
    location: group.locationCount === 1 ? group.locationName : 'Multiple',
    spaces: group.spaces,
    name: activity.name,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    needs_waiver: activity.needsWaiver,
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: activity.needsWaiver,
    requires_induction: false,
    restriction_ids: [],
  };
}

/** `GET .../activity/{activity}/times?date=`: one item per start time, always an array. */
export async function listTimes(
  deps: ActivitiesDeps,
  venueSlug: string,
  activitySlug: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<Time[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const groups = await timeGroupsOn(deps, context, date, now);
  const places = await viewerPlaces(deps, viewer, dayScope(context, date, now));
  return groups.map((group) => timeOf(context, group, viewer, now, places));
}

/** `GET .../v2/times/{composite_key}?date=`: the group's locations; 404 for an unknown group. */
export async function listTimeGroup(
  deps: ActivitiesDeps,
  venueSlug: string,
  activitySlug: string,
  compositeKey: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<TimeGroupLocation[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  if (!/^[0-9a-f]{8}$/.test(compositeKey)) throw AppError.notFound();
  const sessions = await sessionsOn(deps, context, date, now, { compositeKey });
  if (sessions.length === 0) throw AppError.notFound();
  return sessions.map((session) => {
    const spaces = spacesOf(session);
    return {
      id: String(session.id),
      location: session.locationName,
      location_id: String(session.locationId),
      spaces,
      capacity: session.capacity,
      action_to_show: actionFor(
        session.firstBookableAt,
        spaces,
        context.activity,
        viewer,
        now,
        context.venue.timezone,
      ),
    };
  });
}

export function slotOf(
  context: ActivityContext,
  session: SessionRow,
  viewer: Viewer,
  now: Date,
  cartType: Slot['cart_type'],
  places: ViewerPlaces,
): Slot {
  const { venue, activity } = context;
  const tz = venue.timezone;
  const spaces = spacesOf(session);
  const price = priceFor(context.pricing, viewer);
  return {
    id: String(session.id),
    name: activity.name,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    needs_waiver: activity.needsWaiver,
    category_slug: activity.slug,
    duration: duration(activity),
    date: slotDate(localDateOf(session.startsAt, tz)),
    starts_at: clock(session.startsAt, tz, false),
    ends_at: clock(session.endsAt, tz, false),
    location: locationOf(session, venue),
    slot_display_location: session.locationName,
    venue_name: venue.name,
    price: slotPrice(price, context.client.currency),
    first_bookable_at: instant(session.firstBookableAt, tz),
    last_bookable_at: instant(session.startsAt, tz),
    pricing_option_id: price.optionId,
    cart_type: cartType,
    composite_key: session.compositeKey,
    booking: places.bookingOf(session.id),
    bookings_count: session.bookedCount,
    spaces,
    capacity: session.capacity,
    action_to_show: actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
    waitlist_id: places.waitlistOf(session.id),
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: activity.needsWaiver,
    requires_induction: false,
    restriction_ids: [],
    benefit_available: price.memberPriceExists ? viewer.isMember : null,
    tags: activity.tags,
  };
}

/** `GET .../slots?date=&start_time=&end_time=`: the time group's locations, one slot each. */
export async function listSlots(
  deps: ActivitiesDeps,
  venueSlug: string,
  activitySlug: string,
  query: { date: LocalDate; start_time: string; end_time: string },
  viewer: Viewer,
  now: Date,
): Promise<Slot[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const tz = context.venue.timezone;
  const sessions = await sessionsOn(deps, context, query.date, now, {
    startsAt: zonedTimeToUtc(query.date, query.start_time, tz),
    endsAt: zonedTimeToUtc(query.date, query.end_time, tz),
  });
  const places = await viewerPlaces(deps, viewer, { occurrenceIds: sessions.map((session) => session.id) });
  return sessions.map((session) => slotOf(context, session, viewer, now, 'activity', places));
}

/** `GET .../timetable?date=` and `.../v2/timetable?date=`: the day's sessions of a class, one each. */
export async function listTimetable(
  deps: ActivitiesDeps,
  venueSlug: string,
  activitySlug: string,
  date: LocalDate,
  viewer: Viewer,
  now: Date,
): Promise<TimetableItem[]> {
  const context = await deps.catalogue.activityAt(venueSlug, activitySlug);
  const { venue, activity } = context;
  const tz = venue.timezone;
  const price = priceFor(context.pricing, viewer);
  const sessions = await sessionsOn(deps, context, date, now);
  const places = await viewerPlaces(deps, viewer, { occurrenceIds: sessions.map((session) => session.id) });
  return sessions.map((session) => {
    const spaces = spacesOf(session);
    return {
      id: String(session.id),
      name: activity.name,
      category_slug: activity.slug,
      venue_slug: venue.slug,
      date: slotDate(localDateOf(session.startsAt, tz)),
      starts_at: clock(session.startsAt, tz, false),
      ends_at: clock(session.endsAt, tz, false),
      duration: duration(activity),
      spaces,
      capacity: session.capacity,
      price: slotPrice(price, context.client.currency),
      pricing_option_id: price.optionId,
      location: locationOf(session, venue),
      instructor: session.instructorName,
      action_to_show: actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
      booking: places.bookingOf(session.id),
      waitlist_id: places.waitlistOf(session.id),
      allows_anonymous_bookings: activity.allowsAnonymousBookings,
      needs_waiver: activity.needsWaiver,
      composite_key: session.compositeKey,
    };
  });
}

// ---- Occurrence ---------------------------------------------------------------------------------

/** The tickets this viewer can buy: the member option's for members (when there is one), else the rest. */
function ticketsFor(context: ActivityContext, viewer: Viewer): Ticket[] {
  const member = context.pricing.filter((option) => option.forMembers);
  const options =
    viewer.isMember && member.length > 0 ? member : context.pricing.filter((option) => !option.forMembers);
  return options.flatMap((option) =>
    option.tickets.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      price: {
        benefit_applied: option.forMembers,
        package_applied: false,
        formatted: formatMoney(ticket.amount, context.client.currency),
        raw: ticket.amount,
      },
      pricing_option: { id: option.id, name: option.name },
    })),
  );
}

/** `GET v1/activities/occurrences/{id}`: one session with its tickets; 404 for an unknown id. */
export async function getOccurrence(
  deps: ActivitiesDeps,
  id: string,
  viewer: Viewer,
  now: Date,
): Promise<Occurrence> {
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw AppError.notFound();
  let row = await findOccurrence(deps.db, Number(id));
  if (!row) throw AppError.notFound();
  if (row.session.heldCount > 0 && (await deps.holds?.releaseExpired({ occurrenceIds: [row.session.id] }))) {
    row = (await findOccurrence(deps.db, Number(id))) ?? row;
  }
  const context = await deps.catalogue.activityById(row.activityId, row.venueId);
  const { venue, activity } = context;
  const { session } = row;
  const tz = venue.timezone;
  const spaces = spacesOf(session);
  const places = await viewerPlaces(deps, viewer, { occurrenceIds: [session.id] });
  return {
    id: String(session.id),
    name: activity.name,
    activity_slug: activity.slug,
    kind: activity.kind,
    venue_slug: venue.slug,
    venue_name: venue.name,
    date: slotDate(localDateOf(session.startsAt, tz)),
    starts_at: instant(session.startsAt, tz),
    ends_at: instant(session.endsAt, tz),
    duration: duration(activity),
    location: locationOf(session, venue),
    instructor: session.instructorName,
    spaces,
    capacity: session.capacity,
    action_to_show:
      session.startsAt <= now
        ? { status: null, reason: 'This session has started.' }
        : actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
    booking: places.bookingOf(session.id),
    first_bookable_at: instant(session.firstBookableAt, tz),
    cancellation_cutoff_minutes: activity.cancellationCutoffMinutes,
    awards_credit: activity.creditOnCancellation,
    needs_waiver: activity.needsWaiver,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    bundle: row.bundle
      ? { id: row.bundle.id, name: row.bundle.name, sessions_count: row.bundle.sessionsCount }
      : null,
    tickets: ticketsFor(context, viewer),
  };
}
