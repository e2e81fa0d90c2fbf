import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { venues } from '../../db/schema';
import type { NewVenueRow, VenueRow } from './operator.repository';

/** The console's queries of venues (issue 47): paged lists, one by id, changes. */

export interface VenuePageQuery {
  clientId: number;
  search?: string | undefined;
  page: number;
  perPage: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A page of the operator's venues by name, searched in name, slug, town, area and postcode. */
export async function findVenuePage(
  db: Database,
  query: VenuePageQuery,
): Promise<{ rows: VenueRow[]; total: number }> {
  const conditions: SQL[] = [eq(venues.clientId, query.clientId)];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    const match = or(
      ilike(venues.name, pattern),
      ilike(venues.slug, pattern),
      ilike(venues.town, pattern),
      ilike(venues.area, pattern),
      ilike(venues.postcode, pattern),
    );
    if (match) conditions.push(match);
  }
  const rows = await db
    .select({ venue: venues, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(venues)
    .where(and(...conditions))
    .orderBy(asc(venues.name), asc(venues.id))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const total = rows[0]?.total ?? (query.page > 1 ? await countVenues(db, conditions) : 0);
  return { rows: rows.map((row) => row.venue), total };
}

async function countVenues(db: Database, conditions: SQL[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(venues)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export async function findVenueOfClientById(
  db: Database,
  clientId: number,
  id: number,
): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, id)))
    .limit(1);
  return row;
}

/** The operator's venues with these ids (the ones that exist). */
export async function findVenueIdsOfClient(db: Database, clientId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(
      and(
        eq(venues.clientId, clientId),
        sql`${venues.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    );
  return rows.map((row) => row.id);
}

export async function venueSlugTaken(db: Database, clientId: number, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.slug, slug)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts a venue; undefined when its slug is taken (a race with another create). */
export async function insertVenueIfFree(db: Database, values: NewVenueRow): Promise<VenueRow | undefined> {
  const rows = await db.insert(venues).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateVenueRow(
  db: Database,
  id: number,
  values: Partial<Omit<NewVenueRow, 'id' | 'clientId' | 'slug'>>,
): Promise<VenueRow> {
  const [row] = await db.update(venues).set(values).where(eq(venues.id, id)).returning();
  if (!row) throw new Error('venue update returned no row');
  return row;
}

/** Locks the venue row for a change (two staff saving at once apply one after the other). */
export async function lockVenue(db: Database, clientId: number, id: number): Promise<VenueRow | undefined> {
  const [row] = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, id)))
    .for('update')
    .limit(1);
  return row;
}
