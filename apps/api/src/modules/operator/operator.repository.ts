import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { carts, clients, terms, themes, venues } from '../../db/schema';

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
export type VenueRow = typeof venues.$inferSelect;
export type NewVenueRow = typeof venues.$inferInsert;
export type ThemeRow = typeof themes.$inferSelect;
export type NewThemeRow = typeof themes.$inferInsert;
export type TermRow = typeof terms.$inferSelect;
export type NewTermRow = typeof terms.$inferInsert;
export type TermsContext = 'registration' | 'checkout' | 'direct_debit' | 'health_commitment' | 'membership';

// Prepared: nearly every request reads the operator.
const clientBySlugStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(clients)
    .where(eq(clients.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('client_by_slug'),
);
const firstClientStatement = preparedPerDatabase((db) =>
  db.select().from(clients).orderBy(asc(clients.id)).limit(1).prepare('first_client'),
);

export async function findClient(db: Database, slug: string | undefined): Promise<ClientRow | undefined> {
  const rows = slug
    ? await clientBySlugStatement(db).execute({ slug })
    : await firstClientStatement(db).execute();
  return rows[0];
}

export async function anyClientExists(db: Database): Promise<boolean> {
  const rows = await db.select({ id: clients.id }).from(clients).limit(1);
  return rows.length > 0;
}

/** Inserts a client; undefined when its slug is taken (another process seeded it first). */
export async function insertClient(db: Database, values: NewClientRow): Promise<ClientRow | undefined> {
  const rows = await db.insert(clients).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/**
 * A venue by its slug or, as tools of the original platform send it, its numeric id (a slug match
 * wins, so a venue whose slug happens to be digits is still found by it).
 */
export async function findVenueBySlugOrId(
  db: Database,
  clientId: number,
  slugOrId: string,
): Promise<VenueRow | undefined> {
  const id = /^[1-9]\d{0,9}$/.test(slugOrId) ? Number(slugOrId) : undefined;
  const byKey =
    id !== undefined && id <= 2_147_483_647
      ? or(eq(venues.slug, slugOrId), eq(venues.id, id))
      : eq(venues.slug, slugOrId);
  const rows = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), byKey))
    .orderBy(sql`${venues.slug} = ${slugOrId} desc`)
    .limit(1);
  return rows[0];
}

export async function insertVenue(db: Database, values: NewVenueRow): Promise<VenueRow> {
  const rows = await db.insert(venues).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('venue insert returned no row');
  return row;
}

/** The operator's theme row (venue_id null) and, when asked, the venue's override row. */
export async function findThemeRows(
  db: Database,
  clientId: number,
  venueId: number | undefined,
): Promise<{ operator: ThemeRow | undefined; venue: ThemeRow | undefined }> {
  const operator = (
    await db
      .select()
      .from(themes)
      .where(and(eq(themes.clientId, clientId), isNull(themes.venueId)))
      .limit(1)
  )[0];
  if (venueId === undefined) return { operator, venue: undefined };
  const venue = (
    await db
      .select()
      .from(themes)
      .where(and(eq(themes.clientId, clientId), eq(themes.venueId, venueId)))
      .limit(1)
  )[0];
  return { operator, venue };
}

/** Creates or replaces the theme row of the operator (venueId null) or of one venue. */
export async function upsertThemeRow(db: Database, values: NewThemeRow): Promise<ThemeRow> {
  const { clientId, venueId = null, ...settings } = values;
  const existing = (
    await db
      .select({ id: themes.id })
      .from(themes)
      .where(
        and(
          eq(themes.clientId, clientId),
          venueId === null ? isNull(themes.venueId) : eq(themes.venueId, venueId),
        ),
      )
      .limit(1)
  )[0];
  const rows = existing
    ? await db.update(themes).set(settings).where(eq(themes.id, existing.id)).returning()
    : await db
        .insert(themes)
        .values({ clientId, venueId, ...settings })
        .returning();
  const row = rows[0];
  if (!row) throw new Error('theme upsert returned no row');
  return row;
}

const activeTermsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(terms)
    .where(
      and(
        eq(terms.clientId, sql.placeholder('clientId')),
        eq(terms.context, sql.placeholder('context')),
        eq(terms.active, true),
      ),
    )
    .orderBy(asc(terms.position), asc(terms.id))
    .prepare('operator_active_terms'),
);

export async function listActiveTerms(
  db: Database,
  clientId: number,
  context: TermsContext,
): Promise<TermRow[]> {
  return activeTermsStatement(db).execute({ clientId, context });
}

export async function insertTerm(db: Database, values: NewTermRow): Promise<TermRow> {
  const rows = await db.insert(terms).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('terms insert returned no row');
  return row;
}

/** Whether a basket of this operator exists (`GET terms?cart_id`). */
export async function cartOfClientExists(db: Database, clientId: number, cartId: number): Promise<boolean> {
  const rows = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.clientId, clientId)))
    .limit(1);
  return rows.length > 0;
}

/** The operator's venues, id order (the console's venue choices). */
export async function listVenueRowsOfClient(db: Database, clientId: number): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(venues.id);
}

/** Which of these venue ids are the operator's own (a staff user's venues must be). */
export async function findVenueIdsOfClient(
  db: Database,
  clientId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.clientId, clientId), inArray(venues.id, [...ids])));
  return rows.map((row) => row.id);
}
