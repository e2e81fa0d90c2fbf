import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type ClientRow, getCurrentClient, getVenue } from '../operator/operator.service';
import { keepForgettable, ReadCache } from '../operator/read-cache';
import {
  type ActivityRow,
  findActivityById,
  findVenueActivity,
  findVenueOfClient,
  listPricing,
  type PricingOptionWithTickets,
  type VenueRow,
} from './venues.repository';

/** The catalogue: operator data read on every availability call, cached briefly. */

export interface ActivityContext {
  client: ClientRow;
  venue: VenueRow;
  activity: ActivityRow;
  pricing: PricingOptionWithTickets[];
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
  keepForgettable(config, cache);
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
