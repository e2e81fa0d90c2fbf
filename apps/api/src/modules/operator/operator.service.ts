import type { Client, Term } from '@leisure/contract/operator';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { SiteUrls } from '../../lib/public-urls';
import {
  anyClientExists,
  type ClientRow,
  cartOfClientExists,
  findClient,
  findVenueBySlugOrId,
  insertClient,
  insertTerm,
  insertVenue,
  listActiveTerms,
  listVenueRowsOfClient,
  type NewClientRow,
  type NewTermRow,
  type NewVenueRow,
  type TermRow,
  type TermsContext,
  type VenueRow,
} from './operator.repository';

import { readSettingsVersion } from './operator-setup.repository';
import { forgetKept, perSettingsKept } from './read-cache';

export type { ClientRow, VenueRow } from './operator.repository';

/**
 * The operator's row, kept per app (its settings object) for OPERATOR_CACHE_MS: nearly every call
 * reads it, staff change it a few times a year, and a replica may see a change that much later
 * (the same trade as the theme's, docs/decisions/003-theme-cache.md). Unknown clients are not kept.
 */
const keptClient = perSettingsKept<ClientRow>(10);

const seenVersions = new WeakMap<Config, number>();

/**
 * Reads the operator's settings version (one indexed read) and, when it moved since this app's operator
 * reads were kept, forgets them: a console change made on any replica shows on the next page load
 * here (issue 47). The page-load calls (client, theme, footer, terms, the themed HTML) ask it first;
 * other calls keep the OPERATOR_CACHE_MS trade. Answers the version (0 without an operator).
 */
export async function syncOperatorReads(db: Database, config: Config): Promise<number> {
  const version = (await readSettingsVersion(db, config.clientSlug)) ?? 0;
  if (seenVersions.get(config) !== version) {
    forgetKept(config);
    seenVersions.set(config, version);
  }
  return version;
}

/** The operator this deployment serves (CLIENT_SLUG, or the first client). */
export async function getCurrentClient(db: Database, config: Config): Promise<ClientRow> {
  const load = async () => {
    const client = await findClient(db, config.clientSlug);
    if (!client) throw AppError.notFound();
    return client;
  };
  return keptClient(config, config.clientSlug ?? '', load);
}

/**
 * `GET api/client`: the operator's id, names and settings, and the deployment's kiosk and URLs:
 * `urls` as seen by the browser asking (lib/public-urls.ts), so links between sub-sites stay on the
 * host it used and keep its session.
 */
export async function describeClient(db: Database, config: Config, urls: SiteUrls): Promise<Client> {
  await syncOperatorReads(db, config);
  const client = await getCurrentClient(db, config);
  return {
    id: client.id,
    name: client.name,
    app_name: client.appName,
    currency: client.currency,
    online_joining_enabled: client.onlineJoiningEnabled,
    online_joining_map_enabled: client.onlineJoiningMapEnabled,
    online_guest_passes_enabled: client.onlineGuestPassesEnabled,
    credits_enabled: client.creditsEnabled,
    activities_v2_enabled: client.activitiesV2Enabled,
    display_venue_selection_button: client.displayVenueSelectionButton,
    eligibility_days_allowance: client.eligibilityDaysAllowance,
    kiosk_home_url: client.kioskHomeUrl,
    kiosk_idle_ms: config.kioskIdleMs,
    urls,
    test_payments: config.isProduction && config.providers.sandbox,
  };
}

/** One of the current operator's venues by slug or numeric id; 404 when it has no such venue. */
/** The operator's venues by slug or id, kept like its row (a page's first view names one in each of its calls). */
const keptVenue = perSettingsKept<VenueRow>(1000);

export async function getVenue(db: Database, config: Config, slug: string): Promise<VenueRow> {
  const client = await getCurrentClient(db, config);
  const load = async () => {
    const venue = await findVenueBySlugOrId(db, client.id, slug);
    if (!venue) throw AppError.notFound();
    return venue;
  };
  return keptVenue(config, `${client.id}:${slug}`, load);
}

/** `GET api/activities/footer`: the venue's footer HTML, or the operator's default without a venue. */
export async function getFooterHtml(
  db: Database,
  config: Config,
  venueSlug: string | undefined,
): Promise<string> {
  await syncOperatorReads(db, config);
  if (venueSlug === undefined) return (await getCurrentClient(db, config)).footerHtml;
  return (await getVenue(db, config, venueSlug)).footerHtml;
}

/**
 * `GET api/terms`: the account terms (`registration`) without a basket; with one, the terms its
 * checkout must accept (404 for a basket that does not exist). The terms hold nothing personal, so
 * naming a basket needs no session. With `type`, the joining flow's terms of that kind.
 */
export async function listTerms(
  db: Database,
  config: Config,
  cartId: number | undefined,
  type: 'direct_debit' | 'health_commitment' | 'membership' | undefined,
  basketTermContexts: BasketTermContexts,
): Promise<Term[]> {
  await syncOperatorReads(db, config);
  if (type !== undefined) return listTermsIn(db, config, [type]);
  if (cartId === undefined) return listTermsIn(db, config, ['registration']);
  const client = await getCurrentClient(db, config);
  if (!(await cartOfClientExists(db, client.id, cartId))) throw AppError.notFound();
  return listTermsIn(db, config, await basketTermContexts(db, cartId));
}

export type { TermsContext };

/** Which kinds of terms a basket's checkout must accept; the basket module answers it (app.ts). */
export type BasketTermContexts = (db: Database, cartId: number) => Promise<TermsContext[]>;

/**
 * The operator's active terms of each kind, kept like its row for OPERATOR_CACHE_MS: every checkout
 * checks the accepted ones against them, and staff change them a few times a year.
 */
const keptTerms = perSettingsKept<TermRow[]>(20);

/** The operator's active terms of these kinds, kind by kind, each kind in its order. */
export async function listTermsIn(db: Database, config: Config, contexts: TermsContext[]): Promise<Term[]> {
  const client = await getCurrentClient(db, config);
  const rows = [];
  for (const context of contexts) {
    rows.push(
      ...(await keptTerms(config, `${client.id}:${context}`, () => listActiveTerms(db, client.id, context))),
    );
  }
  return rows.map((row) => ({ id: row.id, title: row.title, html: row.html }));
}

// ---- Factories: how operator data is created, by the seed and by tests alike ---------------------

export type NewClient = Omit<NewClientRow, 'id' | 'createdAt'>;
export type NewVenue = Omit<NewVenueRow, 'id' | 'clientId' | 'createdAt'>;
export type NewTerm = Omit<NewTermRow, 'id' | 'clientId' | 'createdAt'> & {
  context: TermsContext;
};

/** True once any operator exists: the seed runs only on a database without one. */
export async function hasAnyClient(db: Database): Promise<boolean> {
  return anyClientExists(db);
}

/** Creates an operator; undefined when one with that slug already exists. */
export async function createClient(db: Database, client: NewClient): Promise<ClientRow | undefined> {
  return insertClient(db, client);
}

export async function createVenue(db: Database, clientId: number, venue: NewVenue): Promise<VenueRow> {
  if (!(venue.lat >= -90 && venue.lat <= 90)) {
    throw AppError.validation({ lat: ['Latitude must be between -90 and 90.'] });
  }
  if (!(venue.lng >= -180 && venue.lng <= 180)) {
    throw AppError.validation({ lng: ['Longitude must be between -180 and 180.'] });
  }
  return insertVenue(db, { ...venue, clientId });
}

export async function createTerm(db: Database, clientId: number, term: NewTerm): Promise<TermRow> {
  return insertTerm(db, { ...term, clientId });
}

/** The operator's venue with this id (the console's set-up areas check a record's venue with it). */
export async function findVenueOfOperator(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<VenueRow | undefined> {
  const venue = await findVenueBySlugOrId(db, clientId, String(venueId));
  return venue?.id === venueId ? venue : undefined;
}

/** The operator's venues (the console's venue choices). */
export async function listVenuesOfOperator(db: Database, clientId: number): Promise<VenueRow[]> {
  return listVenueRowsOfClient(db, clientId);
}
export { findVenueIdsOfClient } from './operator.repository';
