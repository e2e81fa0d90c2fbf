import type { AdminListQuery } from '@leisure/contract/admin/lists';
import {
  type AdminVenue,
  type OpeningHours,
  type VenueCreateInput,
  type VenueUpdate,
  zVenueCreate,
  zVenueUpdate,
} from '@leisure/contract/admin/venues';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import type { VenueRow } from './operator.repository';
import { requireChangeOfVenue, requireOperatorWideChange, type StaffChange } from './staff-change';
import {
  findVenueIdsOfClient,
  findVenueOfClientById,
  findVenuePage,
  insertVenueIfFree,
  lockVenue,
  updateVenueRow,
  venueSlugTaken,
} from './venue-setup.repository';

/**
 * The console's venue set-up (issue 47, `api/admin/venues`): create (an administrator: a venue
 * belongs to no venue manager yet), change (a venue manager: their venues only), each change
 * audited with the venue before and after in its transaction. A venue's slug is its customers'
 * link and is never changed; the demo seed creates its venues here too.
 */

/** The venue as the console shows it. */
export function adminVenueOf(row: VenueRow): AdminVenue {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    area: row.area,
    postcode: row.postcode,
    lat: row.lat,
    lng: row.lng,
    timezone: row.timezone,
    phone: row.phone,
    email: row.email,
    opening_hours: (row.openingHours as OpeningHours | null) ?? null,
    display_venue_selection_button: row.displayVenueSelectionButton,
    can_display_ineligible_memberships: row.canDisplayIneligibleMemberships,
    activities_v2_enabled: row.activitiesV2Enabled,
  };
}

/** A 422 naming each field of a zod failure (the wire names), as the route's own validation does. */
export function fieldErrorsOf(error: z.ZodError): AppError {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return AppError.validation(errors);
}

export async function listAdminVenues(
  db: Database,
  clientId: number,
  query: AdminListQuery,
): Promise<{ data: AdminVenue[]; meta: { page: number; per_page: number; total: number } }> {
  const { rows, total } = await findVenuePage(db, {
    clientId,
    search: query.q,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(adminVenueOf), meta: { page: query.page, per_page: query.per_page, total } };
}

export async function getAdminVenue(db: Database, clientId: number, id: number): Promise<AdminVenue> {
  const row = await findVenueOfClientById(db, clientId, id);
  if (!row) throw AppError.notFound();
  return adminVenueOf(row);
}

/** Which of these venue ids are the operator's (the activities area checks what it is given). */
export async function venueIdsOfOperator(db: Database, clientId: number, ids: number[]): Promise<number[]> {
  return findVenueIdsOfClient(db, clientId, ids);
}

/** Seed-only settings the console does not edit here (the footer is the operator area's). */
export interface VenueExtras {
  footerHtml?: string;
  venueType?: string;
}

function rowValuesOf(values: VenueUpdate) {
  return {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.address1 !== undefined ? { address1: values.address1 } : {}),
    ...(values.address2 !== undefined ? { address2: values.address2 } : {}),
    ...(values.town !== undefined ? { town: values.town } : {}),
    ...(values.area !== undefined ? { area: values.area } : {}),
    ...(values.postcode !== undefined ? { postcode: values.postcode } : {}),
    ...(values.lat !== undefined ? { lat: values.lat } : {}),
    ...(values.lng !== undefined ? { lng: values.lng } : {}),
    ...(values.timezone !== undefined ? { timezone: values.timezone } : {}),
    ...(values.phone !== undefined ? { phone: values.phone } : {}),
    ...(values.email !== undefined ? { email: values.email } : {}),
    ...(values.opening_hours !== undefined ? { openingHours: values.opening_hours } : {}),
    ...(values.display_venue_selection_button !== undefined
      ? { displayVenueSelectionButton: values.display_venue_selection_button }
      : {}),
    ...(values.can_display_ineligible_memberships !== undefined
      ? { canDisplayIneligibleMemberships: values.can_display_ineligible_memberships }
      : {}),
    ...(values.activities_v2_enabled !== undefined
      ? { activitiesV2Enabled: values.activities_v2_enabled }
      : {}),
  };
}

const slugTaken = () => AppError.validation({ slug: ['Another venue already uses this slug.'] });

/** Creates a venue (an operator-wide change); 422 when the slug is taken. */
export async function createVenueSetup(
  db: Database,
  change: StaffChange,
  input: VenueCreateInput,
  extras: VenueExtras = {},
): Promise<VenueRow> {
  requireOperatorWideChange(change);
  const parsed = zVenueCreate.safeParse(input);
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  const { slug, ...values } = parsed.data;
  if (await venueSlugTaken(db, change.clientId, slug)) throw slugTaken();
  return db.transaction(async (tx) => {
    const row = await insertVenueIfFree(tx, {
      clientId: change.clientId,
      slug,
      ...rowValuesOf(values),
      name: values.name,
      address1: values.address1,
      town: values.town,
      postcode: values.postcode,
      lat: values.lat,
      lng: values.lng,
      ...extras,
    });
    if (!row) throw slugTaken();
    await change.audit(tx, {
      action: 'venue.create',
      entityType: 'venue',
      entityId: row.id,
      venueId: row.id,
      after: adminVenueOf(row),
    });
    return row;
  });
}

/** Changes a venue (its manager's, or any for an administrator); the slug never changes. */
export async function updateVenueSetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: VenueUpdate,
): Promise<VenueRow> {
  const parsed = zVenueUpdate.safeParse(input);
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  const existing = await findVenueOfClientById(db, change.clientId, id);
  if (!existing) throw AppError.notFound();
  requireChangeOfVenue(change, existing.id);
  return db.transaction(async (tx) => {
    const before = await lockVenue(tx, change.clientId, id);
    if (!before) throw AppError.notFound();
    const values = rowValuesOf(parsed.data);
    const row = Object.keys(values).length ? await updateVenueRow(tx, id, values) : before;
    await change.audit(tx, {
      action: 'venue.update',
      entityType: 'venue',
      entityId: row.id,
      venueId: row.id,
      before: adminVenueOf(before),
      after: adminVenueOf(row),
    });
    return row;
  });
}

/** One of the operator's venues (the activities area's checks), or undefined. */
export async function findOperatorVenue(
  db: Database,
  clientId: number,
  id: number,
): Promise<VenueRow | undefined> {
  return findVenueOfClientById(db, clientId, id);
}
