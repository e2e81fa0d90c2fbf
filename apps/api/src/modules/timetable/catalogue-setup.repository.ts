import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activities,
  activityCategories,
  locations,
  occurrences,
  pricingOptions,
  tickets,
  venueActivities,
} from '../../db/schema';
import type {
  ActivityRow,
  CategoryRow,
  LocationRow,
  NewActivityRow,
  NewCategoryRow,
  NewLocationRow,
} from './timetable.repository';

/** The console's queries of the catalogue (issue 47): categories, activities, locations, prices. */

export type PricingOptionRow = typeof pricingOptions.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;
export type PricingOptionWithTickets = PricingOptionRow & { tickets: TicketRow[] };

export interface Paging {
  search?: string | undefined;
  page: number;
  perPage: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const totalOver = sql<number>`count(*) over ()`.mapWith(Number);

async function pageOf<T>(
  rows: { row: T; total: number }[],
  page: number,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const total = rows[0]?.total ?? (page > 1 ? await count() : 0);
  return { rows: rows.map((r) => r.row), total };
}

// ---- Categories -------------------------------------------------------------------------------

export async function findCategoryPage(
  db: Database,
  clientId: number,
  paging: Paging,
): Promise<{ rows: CategoryRow[]; total: number }> {
  const conditions: SQL[] = [eq(activityCategories.clientId, clientId)];
  if (paging.search) {
    const pattern = `%${escapeLike(paging.search)}%`;
    const match = or(ilike(activityCategories.name, pattern), ilike(activityCategories.slug, pattern));
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({ row: activityCategories, total: totalOver })
    .from(activityCategories)
    .where(and(...conditions))
    .orderBy(asc(activityCategories.position), asc(activityCategories.name), asc(activityCategories.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return pageOf(rows, paging.page, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(activityCategories)
      .where(and(...conditions));
    return row?.n ?? 0;
  });
}

/** Every category of the operator (id and parent), to check a new parent makes no cycle. */
export async function listCategoryParents(
  db: Database,
  clientId: number,
): Promise<{ id: number; parentId: number | null }[]> {
  return db
    .select({ id: activityCategories.id, parentId: activityCategories.parentId })
    .from(activityCategories)
    .where(eq(activityCategories.clientId, clientId));
}

export async function findCategoryOfClient(
  db: Database,
  clientId: number,
  id: number,
  lock = false,
): Promise<CategoryRow | undefined> {
  const query = db
    .select()
    .from(activityCategories)
    .where(and(eq(activityCategories.clientId, clientId), eq(activityCategories.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCategoryIfFree(
  db: Database,
  values: NewCategoryRow,
): Promise<CategoryRow | undefined> {
  const [row] = await db.insert(activityCategories).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCategoryRow(
  db: Database,
  id: number,
  values: Partial<Pick<NewCategoryRow, 'name' | 'parentId' | 'position'>>,
): Promise<CategoryRow> {
  const [row] = await db
    .update(activityCategories)
    .set(values)
    .where(eq(activityCategories.id, id))
    .returning();
  if (!row) throw new Error('category update returned no row');
  return row;
}

export async function categorySlugTaken(db: Database, clientId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: activityCategories.id })
    .from(activityCategories)
    .where(and(eq(activityCategories.clientId, clientId), eq(activityCategories.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

// ---- Activities -------------------------------------------------------------------------------

export type ActivityWithVenues = ActivityRow & { venueIds: number[] };

const venueIdsOf = sql<number[]>`coalesce((select array_agg(va.venue_id order by va.venue_id)
  from venue_activities va where va.activity_id = ${activities.id}), '{}')`;

export async function findActivityPage(
  db: Database,
  clientId: number,
  paging: Paging & { categoryId?: number | undefined; venueId?: number | undefined },
): Promise<{ rows: ActivityWithVenues[]; total: number }> {
  const conditions: SQL[] = [eq(activities.clientId, clientId)];
  if (paging.search) {
    const pattern = `%${escapeLike(paging.search)}%`;
    const match = or(ilike(activities.name, pattern), ilike(activities.slug, pattern));
    if (match) conditions.push(match);
  }
  if (paging.categoryId !== undefined) conditions.push(eq(activities.categoryId, paging.categoryId));
  if (paging.venueId !== undefined) {
    conditions.push(
      sql`exists (select 1 from venue_activities va where va.activity_id = ${activities.id} and va.venue_id = ${paging.venueId})`,
    );
  }
  const rows = await db
    .select({ row: activities, venueIds: venueIdsOf, total: totalOver })
    .from(activities)
    .where(and(...conditions))
    .orderBy(asc(activities.name), asc(activities.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return pageOf(
    rows.map((r) => ({ row: { ...r.row, venueIds: r.venueIds }, total: r.total })),
    paging.page,
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(activities)
        .where(and(...conditions));
      return row?.n ?? 0;
    },
  );
}

export async function findActivityOfClient(
  db: Database,
  clientId: number,
  id: number,
  lock = false,
): Promise<ActivityWithVenues | undefined> {
  const query = db
    .select()
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const offered = await db
    .select({ venueId: venueActivities.venueId })
    .from(venueActivities)
    .where(eq(venueActivities.activityId, id))
    .orderBy(asc(venueActivities.venueId));
  return { ...row, venueIds: offered.map((o) => o.venueId) };
}

export async function activitySlugTaken(db: Database, clientId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

export async function updateActivityRow(
  db: Database,
  id: number,
  values: Partial<Omit<NewActivityRow, 'id' | 'clientId' | 'slug' | 'kind'>>,
): Promise<ActivityRow> {
  const [row] = await db.update(activities).set(values).where(eq(activities.id, id)).returning();
  if (!row) throw new Error('activity update returned no row');
  return row;
}

/** Makes exactly these venues offer the activity. */
export async function replaceVenueActivities(
  db: Database,
  activityId: number,
  venueIds: number[],
): Promise<void> {
  const keep = venueIds.length
    ? sql`and ${venueActivities.venueId} not in (${sql.join(
        venueIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(
    sql`delete from ${venueActivities} where ${venueActivities.activityId} = ${activityId} ${keep}`,
  );
  if (venueIds.length) {
    await db
      .insert(venueActivities)
      .values(venueIds.map((venueId) => ({ venueId, activityId })))
      .onConflictDoNothing();
  }
}

/** The activity's sessions starting after `after` (their opening instants are recomputed on a rule change). */
export async function listFutureSessionsOf(
  db: Database,
  activityId: number,
  after: Date,
): Promise<{ id: number; venueId: number; startsAt: Date; firstBookableAt: Date }[]> {
  return db
    .select({
      id: occurrences.id,
      venueId: occurrences.venueId,
      startsAt: occurrences.startsAt,
      firstBookableAt: occurrences.firstBookableAt,
    })
    .from(occurrences)
    .where(and(eq(occurrences.activityId, activityId), gt(occurrences.startsAt, after)));
}

/** Sets sessions' opening instants, in one statement. */
export async function setFirstBookableAt(db: Database, changes: { id: number; at: Date }[]): Promise<void> {
  for (let i = 0; i < changes.length; i += 1_000) {
    const chunk = changes.slice(i, i + 1_000);
    const values = sql.join(
      chunk.map((c) => sql`(${c.id}::int, ${c.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(sql`update ${occurrences} o set first_bookable_at = v.at
      from (values ${values}) as v(id, at) where o.id = v.id`);
  }
}

// ---- Locations --------------------------------------------------------------------------------

export async function findLocationPage(
  db: Database,
  venueId: number,
  paging: Paging,
): Promise<{ rows: LocationRow[]; total: number }> {
  const conditions: SQL[] = [eq(locations.venueId, venueId)];
  if (paging.search) {
    const pattern = `%${escapeLike(paging.search)}%`;
    const match = or(
      ilike(locations.name, pattern),
      ilike(locations.slug, pattern),
      ilike(locations.area, pattern),
    );
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({ row: locations, total: totalOver })
    .from(locations)
    .where(and(...conditions))
    .orderBy(asc(locations.position), asc(locations.id))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return pageOf(rows, paging.page, async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(locations)
      .where(and(...conditions));
    return row?.n ?? 0;
  });
}

export async function findLocationById(
  db: Database,
  id: number,
  lock = false,
): Promise<LocationRow | undefined> {
  const query = db.select().from(locations).where(eq(locations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertLocationIfFree(
  db: Database,
  values: NewLocationRow,
): Promise<LocationRow | undefined> {
  const [row] = await db.insert(locations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateLocationRow(
  db: Database,
  id: number,
  values: Partial<Pick<NewLocationRow, 'name' | 'area' | 'type' | 'position'>>,
): Promise<LocationRow> {
  const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
  if (!row) throw new Error('location update returned no row');
  return row;
}

export async function locationSlugTaken(db: Database, venueId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.venueId, venueId), eq(locations.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

// ---- Prices -----------------------------------------------------------------------------------

/** The activity's pricing options with their tickets, in order. */
export async function listPricingOf(db: Database, activityId: number): Promise<PricingOptionWithTickets[]> {
  const options = await db
    .select()
    .from(pricingOptions)
    .where(eq(pricingOptions.activityId, activityId))
    .orderBy(asc(pricingOptions.position), asc(pricingOptions.id));
  if (options.length === 0) return [];
  const ticketRows = await db
    .select()
    .from(tickets)
    .where(
      inArray(
        tickets.pricingOptionId,
        options.map((o) => o.id),
      ),
    )
    .orderBy(asc(tickets.position), asc(tickets.id));
  return options.map((option) => ({
    ...option,
    tickets: ticketRows.filter((t) => t.pricingOptionId === option.id),
  }));
}

export async function findPricingOptionById(
  db: Database,
  id: number,
  lock = false,
): Promise<PricingOptionRow | undefined> {
  const query = db.select().from(pricingOptions).where(eq(pricingOptions.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertPricingOption(
  db: Database,
  values: typeof pricingOptions.$inferInsert,
): Promise<PricingOptionRow> {
  const [row] = await db.insert(pricingOptions).values(values).returning();
  if (!row) throw new Error('pricing option insert returned no row');
  return row;
}

export async function updatePricingOptionRow(
  db: Database,
  id: number,
  values: Partial<Pick<PricingOptionRow, 'name' | 'forMembers' | 'position'>>,
): Promise<PricingOptionRow> {
  const [row] = await db.update(pricingOptions).set(values).where(eq(pricingOptions.id, id)).returning();
  if (!row) throw new Error('pricing option update returned no row');
  return row;
}

export async function findTicketById(db: Database, id: number, lock = false): Promise<TicketRow | undefined> {
  const query = db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertTicket(db: Database, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(tickets).values(values).returning();
  if (!row) throw new Error('ticket insert returned no row');
  return row;
}

export async function updateTicketRow(
  db: Database,
  id: number,
  values: Partial<Pick<TicketRow, 'name' | 'amount' | 'position'>>,
): Promise<TicketRow> {
  const [row] = await db.update(tickets).set(values).where(eq(tickets.id, id)).returning();
  if (!row) throw new Error('ticket update returned no row');
  return row;
}
