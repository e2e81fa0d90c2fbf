import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { clients, terms, themes, venues } from '../../db/schema';
import type {
  ClientRow,
  NewThemeRow,
  TermRow,
  TermsContext,
  ThemeRow,
  VenueRow,
} from './operator.repository';

// The console's writes of the operator's settings, footers, theme and terms (issue 47).

const versionBySlugStatement = preparedPerDatabase((db) =>
  db
    .select({ version: clients.settingsVersion })
    .from(clients)
    .where(eq(clients.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare('client_settings_version_by_slug'),
);
const firstVersionStatement = preparedPerDatabase((db) =>
  db
    .select({ version: clients.settingsVersion })
    .from(clients)
    .orderBy(asc(clients.id))
    .limit(1)
    .prepare('first_client_settings_version'),
);

/** The operator's settings version (one indexed read); undefined without the operator. */
export async function readSettingsVersion(
  db: Database,
  slug: string | undefined,
): Promise<number | undefined> {
  const rows = slug
    ? await versionBySlugStatement(db).execute({ slug })
    : await firstVersionStatement(db).execute();
  return rows[0]?.version;
}

/** Moves the operator's settings version, in the transaction of the change it announces. */
export async function bumpSettingsVersion(db: Database, clientId: number): Promise<void> {
  await db
    .update(clients)
    .set({ settingsVersion: sql`${clients.settingsVersion} + 1` })
    .where(eq(clients.id, clientId));
}

/** The operator's row, locked for the change. */
export async function lockClient(
  db: Database,
  clientId: number,
  lock = true,
): Promise<ClientRow | undefined> {
  const query = db.select().from(clients).where(eq(clients.id, clientId));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateClientRow(
  db: Database,
  clientId: number,
  values: Partial<Omit<ClientRow, 'id' | 'slug' | 'createdAt'>>,
): Promise<ClientRow> {
  const rows = await db.update(clients).set(values).where(eq(clients.id, clientId)).returning();
  const row = rows[0];
  if (!row) throw new Error('client update returned no row');
  return row;
}

export async function lockVenueOfClient(
  db: Database,
  clientId: number,
  venueId: number,
  lock = true,
): Promise<VenueRow | undefined> {
  const query = db
    .select()
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.clientId, clientId)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateVenueFooterRow(
  db: Database,
  venueId: number,
  footerHtml: string,
): Promise<VenueRow> {
  const rows = await db.update(venues).set({ footerHtml }).where(eq(venues.id, venueId)).returning();
  const row = rows[0];
  if (!row) throw new Error('venue update returned no row');
  return row;
}

/** The theme row of the operator (venueId null) or of one venue, locked. */
export async function lockThemeRow(
  db: Database,
  clientId: number,
  venueId: number | null,
  lock = true,
): Promise<ThemeRow | undefined> {
  const query = db
    .select()
    .from(themes)
    .where(
      and(
        eq(themes.clientId, clientId),
        venueId === null ? isNull(themes.venueId) : eq(themes.venueId, venueId),
      ),
    );
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function insertThemeRow(db: Database, values: NewThemeRow): Promise<ThemeRow> {
  const rows = await db.insert(themes).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('theme insert returned no row');
  return row;
}

export async function updateThemeRow(
  db: Database,
  themeId: number,
  values: Partial<Omit<NewThemeRow, 'id' | 'clientId' | 'venueId'>>,
): Promise<ThemeRow> {
  const rows = await db.update(themes).set(values).where(eq(themes.id, themeId)).returning();
  const row = rows[0];
  if (!row) throw new Error('theme update returned no row');
  return row;
}

// ---- Terms -----------------------------------------------------------------------------------------

export interface TermsPageQuery {
  q: string | undefined;
  context: TermsContext | undefined;
  page: number;
  perPage: number;
}

export async function listTermsPage(
  db: Database,
  clientId: number,
  query: TermsPageQuery,
): Promise<{ rows: TermRow[]; total: number }> {
  const conditions: SQL[] = [eq(terms.clientId, clientId)];
  if (query.context) conditions.push(eq(terms.context, query.context));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(terms.title, pattern), ilike(terms.context, pattern));
    if (match) conditions.push(match);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(terms)
      .where(where)
      .orderBy(asc(terms.context), asc(terms.position), asc(terms.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(terms).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findTermOfClient(
  db: Database,
  clientId: number,
  termId: number,
  options: { lock?: boolean } = {},
): Promise<TermRow | undefined> {
  const query = db
    .select()
    .from(terms)
    .where(and(eq(terms.id, termId), eq(terms.clientId, clientId)));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateTermRow(
  db: Database,
  termId: number,
  values: Partial<Pick<TermRow, 'title' | 'html' | 'position' | 'active'>>,
): Promise<TermRow> {
  const rows = await db.update(terms).set(values).where(eq(terms.id, termId)).returning();
  const row = rows[0];
  if (!row) throw new Error('terms update returned no row');
  return row;
}
