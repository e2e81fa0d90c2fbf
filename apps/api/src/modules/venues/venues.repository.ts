import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import {
  activities,
  activityCategories,
  locations,
  occurrences,
  pricingOptions,
  tickets,
  venueActivities,
  venues,
} from '../../db/schema';

export type CategoryRow = typeof activityCategories.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type LocationRow = typeof locations.$inferSelect;
export type PricingOptionRow = typeof pricingOptions.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

// ---- Catalogue -------------------------------------------------------------------------------------

export type VenueRow = typeof venues.$inferSelect;

/** The operator's venues in display order (the venue finder). */
export async function listVenuesOfClient(db: Database, clientId: number): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.id));
}

export async function findVenueOfClient(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, venueId)))
    .limit(1);
  return row;
}

export async function listCategories(db: Database, clientId: number): Promise<CategoryRow[]> {
  return db
    .select()
    .from(activityCategories)
    .where(eq(activityCategories.clientId, clientId))
    .orderBy(asc(activityCategories.position), asc(activityCategories.id));
}

/** The activities a venue offers, in display order. */
export async function listVenueActivities(db: Database, venueId: number): Promise<ActivityRow[]> {
  const rows = await db
    .select({ activity: activities })
    .from(venueActivities)
    .innerJoin(activities, eq(activities.id, venueActivities.activityId))
    .where(eq(venueActivities.venueId, venueId))
    .orderBy(asc(activities.position), asc(activities.id));
  return rows.map((row) => row.activity);
}

/** An activity the venue offers, by slug, with its category's slug. */
export async function findVenueActivity(
  db: Database,
  venueId: number,
  slug: string,
): Promise<ActivityRow | undefined> {
  const [row] = await db
    .select({ activity: activities })
    .from(venueActivities)
    .innerJoin(activities, eq(activities.id, venueActivities.activityId))
    .where(and(eq(venueActivities.venueId, venueId), eq(activities.slug, slug)))
    .limit(1);
  return row?.activity;
}

export async function findActivityById(db: Database, id: number): Promise<ActivityRow | undefined> {
  const [row] = await db.select().from(activities).where(eq(activities.id, id)).limit(1);
  return row;
}

export interface PricingOptionWithTickets extends PricingOptionRow {
  tickets: TicketRow[];
}

/** An activity's pricing options in order, each with its tickets in order. */
const pricingStatement = preparedPerDatabase((db) =>
  db
    .select({ option: pricingOptions, ticket: tickets })
    .from(pricingOptions)
    .leftJoin(tickets, eq(tickets.pricingOptionId, pricingOptions.id))
    .where(eq(pricingOptions.activityId, sql.placeholder('activityId')))
    .orderBy(asc(pricingOptions.position), asc(pricingOptions.id), asc(tickets.position), asc(tickets.id))
    .prepare('venues_pricing'),
);

export async function listPricing(db: Database, activityId: number): Promise<PricingOptionWithTickets[]> {
  const rows = await pricingStatement(db).execute({ activityId });
  const options = new Map<number, PricingOptionWithTickets>();
  for (const { option, ticket } of rows) {
    let entry = options.get(option.id);
    if (!entry) {
      entry = { ...option, tickets: [] };
      options.set(option.id, entry);
    }
    if (ticket) entry.tickets.push(ticket);
  }
  return [...options.values()];
}

/** The venue's locations an activity has sessions in from `from` on, in display order. */
export async function listActivityLocations(
  db: Database,
  venueId: number,
  activityId: number,
  from: Date,
): Promise<LocationRow[]> {
  const used = db
    .selectDistinct({ id: occurrences.locationId })
    .from(occurrences)
    .where(
      and(
        eq(occurrences.venueId, venueId),
        eq(occurrences.activityId, activityId),
        gte(occurrences.startsAt, from),
      ),
    );
  return db
    .select()
    .from(locations)
    .where(inArray(locations.id, used))
    .orderBy(asc(locations.position), asc(locations.id));
}
