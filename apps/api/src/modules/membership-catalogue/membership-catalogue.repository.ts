import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anyOf, preparedPerDatabase } from '../../db/prepared';
import { jsonArrayOf } from '../../db/raw-rows';
import {
  activities,
  membershipBenefits,
  membershipCategories,
  membershipPaymentOptions,
  memberships,
  membershipTypeCategories,
  membershipTypes,
  membershipTypeVenues,
  venues,
} from '../../db/schema';

export type MembershipTypeRow = typeof membershipTypes.$inferSelect;
export type PaymentOptionRow = typeof membershipPaymentOptions.$inferSelect;
export type BenefitRow = typeof membershipBenefits.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;

/**
 * A prepared statement per database, built on first use: drizzle's query building costs more CPU
 * than PostgreSQL's answer for these small reads on the joining pages' hot paths.
 */
function preparedFor<T>(cache: WeakMap<Database, T>, db: Database, build: (db: Database) => T): T {
  let query = cache.get(db);
  if (!query) {
    query = build(db);
    cache.set(db, query);
  }
  return query;
}

function venueOfClientQuery(db: Database) {
  return db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, sql.placeholder('clientId')), eq(venues.id, sql.placeholder('venueId'))))
    .limit(1)
    .prepare('membership_venue_of_client');
}
const venueOfClientQueries = new WeakMap<Database, ReturnType<typeof venueOfClientQuery>>();

export async function findVenueOfClient(db: Database, clientId: number, venueId: number) {
  const rows = await preparedFor(venueOfClientQueries, db, venueOfClientQuery).execute({ clientId, venueId });
  return rows[0];
}

/** One of the types sold at a venue with everything the types list shows of it. */
export interface TypeDetailsRow {
  type: MembershipTypeRow;
  categories: { id: number; name: string }[];
  access: { id: number; name: string }[];
  benefits: BenefitRow[];
  /** Active options, in display order. */
  options: PaymentOptionRow[];
}

/** `json_build_object('key', column, ...)` of every column of a table (all JSON-safe scalars). */
function jsonRow(table: typeof membershipBenefits | typeof membershipPaymentOptions): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(getTableColumns(table)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
}

/**
 * The types sold at a venue with their categories, access, benefits and active options, in one
 * query (correlated json_agg subqueries) instead of five: the types list is read on every visit.
 */
export async function listTypeDetailsSoldAt(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<TypeDetailsRow[]> {
  const query = preparedFor(typeDetailsQueries, db, typeDetailsQuery);
  const rows = await query.execute({ clientId, venueId });
  return rows.map((row) => ({
    type: row.type,
    categories: jsonArrayOf(row.categories),
    access: jsonArrayOf(row.access),
    benefits: jsonArrayOf(row.benefits),
    options: jsonArrayOf(row.options),
  }));
}

/** Built once per database (a prepared statement): building this SQL costs more than running it. */
function typeDetailsQuery(db: Database) {
  const typeId = membershipTypes.id;
  return db
    .select({
      type: membershipTypes,
      categories: sql<unknown>`(select json_agg(json_build_object('id', ${membershipCategories.id}, 'name', ${membershipCategories.name}) order by ${membershipCategories.position}, ${membershipCategories.id})
        from ${membershipTypeCategories} inner join ${membershipCategories} on ${membershipCategories.id} = ${membershipTypeCategories.categoryId}
        where ${membershipTypeCategories.membershipTypeId} = ${typeId})`,
      access: sql<unknown>`(select json_agg(json_build_object('id', ${venues.id}, 'name', ${venues.name}) order by ${venues.name}, ${venues.id})
        from membership_type_venues access_link inner join ${venues} on ${venues.id} = access_link.venue_id
        where access_link.membership_type_id = ${typeId})`,
      benefits: sql<unknown>`(select json_agg(${jsonRow(membershipBenefits)} order by ${membershipBenefits.position}, ${membershipBenefits.id})
        from ${membershipBenefits} where ${membershipBenefits.membershipTypeId} = ${typeId})`,
      options: sql<unknown>`(select json_agg(${jsonRow(membershipPaymentOptions)} order by ${membershipPaymentOptions.position}, ${membershipPaymentOptions.id})
        from ${membershipPaymentOptions}
        where ${membershipPaymentOptions.membershipTypeId} = ${typeId} and ${membershipPaymentOptions.active})`,
    })
    .from(membershipTypes)
    .innerJoin(membershipTypeVenues, eq(membershipTypeVenues.membershipTypeId, membershipTypes.id))
    .where(
      and(
        eq(membershipTypes.clientId, sql.placeholder('clientId')),
        eq(membershipTypes.active, true),
        eq(membershipTypeVenues.venueId, sql.placeholder('venueId')),
        eq(membershipTypeVenues.soldHere, true),
      ),
    )
    .orderBy(asc(membershipTypes.position), asc(membershipTypes.id))
    .prepare('membership_type_details_sold_at');
}

const typeDetailsQueries = new WeakMap<Database, ReturnType<typeof typeDetailsQuery>>();

export async function findType(
  db: Database,
  clientId: number,
  typeId: number,
): Promise<MembershipTypeRow | undefined> {
  const rows = await db
    .select()
    .from(membershipTypes)
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.id, typeId),
        eq(membershipTypes.active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function isTypeSoldAt(db: Database, typeId: number, venueId: number): Promise<boolean> {
  const rows = await db
    .select({ venueId: membershipTypeVenues.venueId })
    .from(membershipTypeVenues)
    .where(
      and(
        eq(membershipTypeVenues.membershipTypeId, typeId),
        eq(membershipTypeVenues.venueId, venueId),
        eq(membershipTypeVenues.soldHere, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

function optionQuery(db: Database) {
  return db
    .select({ option: membershipPaymentOptions, type: membershipTypes })
    .from(membershipPaymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, membershipPaymentOptions.membershipTypeId))
    .where(
      and(
        eq(membershipPaymentOptions.id, sql.placeholder('optionId')),
        eq(membershipPaymentOptions.active, true),
        eq(membershipTypes.clientId, sql.placeholder('clientId')),
        eq(membershipTypes.active, true),
      ),
    )
    .limit(1)
    .prepare('membership_option_of_client');
}
const optionQueries = new WeakMap<Database, ReturnType<typeof optionQuery>>();

/** An active option with its type, both of this operator. */
export async function findOption(db: Database, clientId: number, optionId: number) {
  const rows = await preparedFor(optionQueries, db, optionQuery).execute({ clientId, optionId });
  return rows[0];
}

function liveMembershipsQuery(db: Database) {
  return db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        inArray(memberships.status, ['pending', 'active']),
      ),
    )
    .orderBy(asc(memberships.id))
    .prepare('membership_live_of_user');
}
const liveMembershipsQueries = new WeakMap<Database, ReturnType<typeof liveMembershipsQuery>>();

export async function listLiveMembershipsOfUser(db: Database, userId: number): Promise<MembershipRow[]> {
  return preparedFor(liveMembershipsQueries, db, liveMembershipsQuery).execute({ userId });
}

export async function findPaymentOption(db: Database, id: number): Promise<PaymentOptionRow | undefined> {
  const rows = await db
    .select()
    .from(membershipPaymentOptions)
    .where(eq(membershipPaymentOptions.id, id))
    .limit(1);
  return rows[0];
}

export async function findTypeById(db: Database, id: number): Promise<MembershipTypeRow | undefined> {
  const rows = await db.select().from(membershipTypes).where(eq(membershipTypes.id, id)).limit(1);
  return rows[0];
}

export async function listBenefitsOfTypes(db: Database, typeIds: number[]): Promise<BenefitRow[]> {
  if (typeIds.length === 0) return [];
  return benefitsOfTypesStatement(db).execute({ ids: typeIds });
}

// Prepared (ids as one array parameter): the memberships list reads these on every call.
const benefitsOfTypesStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(membershipBenefits)
    .where(anyOf(membershipBenefits.membershipTypeId, 'ids'))
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id))
    .prepare('benefits_of_types'),
);

export async function listBenefitNames(db: Database, typeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: membershipBenefits.name })
    .from(membershipBenefits)
    .where(eq(membershipBenefits.membershipTypeId, typeId))
    .orderBy(asc(membershipBenefits.position));
  return rows.map((row) => row.name);
}

// ---- Writes (the console's set-up service) ---------------------------------------------------------------

export async function insertCategory(db: Database, values: typeof membershipCategories.$inferInsert) {
  const rows = await db.insert(membershipCategories).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_categories insert returned no row');
  return row;
}

/** An activity of the operator by slug (benefits name the activities they make free or cheaper). */
export async function findActivityIdBySlug(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.slug, slug)))
    .limit(1);
  return rows[0]?.id;
}
