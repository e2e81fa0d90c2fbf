import type {
  ActivityVenue,
  BookableDate,
  Category,
  CategoryDetail,
  Location,
} from '@leisure/contract/activities';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, type LocalDate, localDateOf, localDayBounds, prettyDate } from '../../lib/dates';
import { getCurrentClient, getVenue } from '../operator/operator.service';
import { perSettingsKept } from '../operator/read-cache';
import {
  type ActivityRow,
  type CategoryRow,
  type LocationRow,
  listActivityLocations,
  listCategories,
  listPricing,
  listVenueActivities,
  listVenuesOfClient,
  type PricingOptionWithTickets,
  type VenueRow,
} from './venues.repository';

/** What the discovery calls read: the database and the settings (the current operator). */
export interface VenuesDeps {
  db: Database;
  config: Config;
}

export type {
  ActivityRow,
  CategoryRow,
  LocationRow,
  PricingOptionWithTickets,
  VenueRow,
} from './venues.repository';

/** An activity's pricing options with their tickets, in order (the basket prices its lines with them). */
export async function listActivityPricing(
  db: Database,
  activityId: number,
): Promise<PricingOptionWithTickets[]> {
  return listPricing(db, activityId);
}

const keptPricing = perSettingsKept<PricingOptionWithTickets[]>(1000);

/**
 * `listActivityPricing` kept for OPERATOR_CACHE_MS, as the operator's other rows are: adding to a
 * basket, the hot path when bookings open, then reads no pricing. A line added within that time
 * of a price change is priced as before it (the basket shows that price, and checkout charges it).
 */
export async function activityPricingOf(
  db: Database,
  config: Config,
  activityId: number,
): Promise<PricingOptionWithTickets[]> {
  return keptPricing(config, String(activityId), () => listPricing(db, activityId));
}

// ---- Discovery -----------------------------------------------------------------------------------

// What discovery reads is kept per app for OPERATOR_CACHE_MS, as the operator's rows are
// (docs/decisions/033): a page's first view makes these calls on every render.
const keptVenues = perSettingsKept<VenueRow[]>(10);
const keptVenueTree = perSettingsKept<VenueTree>(1000);
const keptLocations = perSettingsKept<LocationRow[]>(2000);

/** `GET activities/venues`: the operator's venues. */
export async function listActivityVenues(deps: VenuesDeps): Promise<ActivityVenue[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const venues = await keptVenues(deps.config, String(client.id), () =>
    listVenuesOfClient(deps.db, client.id),
  );
  return venues.map((venue) => ({
    id: venue.id,
    slug: venue.slug,
    name: venue.name,
    town: venue.town,
    area: venue.area,
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

/** The venue's tree, shared by the calls of the same OPERATOR_CACHE_MS: never changed by its readers. */
async function venueTree(deps: VenuesDeps, venueSlug: string): Promise<VenueTree> {
  return keptVenueTree(deps.config, venueSlug, () => readVenueTree(deps, venueSlug));
}

async function readVenueTree(deps: VenuesDeps, venueSlug: string): Promise<VenueTree> {
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

/** The categories above a category or activity, the root first. */
function ancestorsOf(tree: VenueTree, parentId: number | null): { slug: string; name: string }[] {
  const path: { slug: string; name: string }[] = [];
  const seen = new Set<number>();
  for (let id = parentId; id !== null && !seen.has(id); ) {
    seen.add(id);
    const category = tree.categories.find((row) => row.id === id);
    if (!category) break;
    path.unshift({ slug: category.slug, name: category.name });
    id = category.parentId;
  }
  return path;
}

/** `GET activities/venue/{venue}/categories`: the venue's root categories. */
export async function listVenueCategories(deps: VenuesDeps, venueSlug: string): Promise<Category[]> {
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
  deps: VenuesDeps,
  venueSlug: string,
  slug: string,
  now: Date,
): Promise<CategoryDetail> {
  const tree = await venueTree(deps, venueSlug);
  const category = tree.categories.find((row) => row.slug === slug && tree.live.has(row.id));
  if (category)
    return {
      ...categoryOf(tree, category),
      children: childrenOf(tree, category.id),
      ancestors: ancestorsOf(tree, category.parentId),
      locations: [],
    };
  const activity = tree.activities.find((row) => row.slug === slug);
  if (!activity) throw AppError.notFound();
  const parent = tree.categories.find((row) => row.id === activity.categoryId);
  const from = localDayBounds(localDateOf(now, tree.venue.timezone), tree.venue.timezone).from;
  const locations = await keptLocations(
    deps.config,
    `${tree.venue.id}:${activity.id}:${from.toISOString()}`,
    () => listActivityLocations(deps.db, tree.venue.id, activity.id, from),
  );
  return {
    slug: activity.slug,
    name: activity.name,
    has_children: false,
    type: 'activity',
    parent_slug: parent?.slug ?? null,
    is_root: false,
    children: [],
    ancestors: ancestorsOf(tree, activity.categoryId),
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
      full_date_pretty: pretty.long_pretty,
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
  deps: VenuesDeps,
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
