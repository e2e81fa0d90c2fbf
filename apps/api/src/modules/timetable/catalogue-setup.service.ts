import {
  type ActivityCreateInput,
  type ActivityUpdate,
  type AdminActivity,
  type AdminCategory,
  type AdminLocation,
  type CategoryCreate,
  type CategoryUpdate,
  type LocationCreate,
  type LocationUpdate,
  zActivityCreate,
  zActivityUpdate,
  zCategoryCreate,
  zCategoryUpdate,
  zLocationCreate,
  zLocationUpdate,
} from '@leisure/contract/admin/activities';
import type { AdminListQuery } from '@leisure/contract/admin/lists';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { localDateOf, localTimeOf } from '../../lib/dates';
import { requireChangeOfVenue, requireOperatorWideChange, type StaffChange } from '../operator/staff-change';
import { findOperatorVenue, venueIdsOfOperator } from '../operator/venue-setup.service';
import { audited, type Page, pageOf, parse } from './catalogue-setup.helpers';
import { pricingOf } from './catalogue-setup.prices';
import {
  type ActivityWithVenues,
  activitySlugTaken,
  categorySlugTaken,
  findActivityOfClient,
  findActivityPage,
  findCategoryOfClient,
  findCategoryPage,
  findLocationById,
  findLocationPage,
  insertCategoryIfFree,
  insertLocationIfFree,
  listCategoryParents,
  listFutureSessionsOf,
  listPricingOf,
  locationSlugTaken,
  replaceVenueActivities,
  setFirstBookableAt,
  updateActivityRow,
  updateCategoryRow,
  updateLocationRow,
} from './catalogue-setup.repository';
import type { CategoryRow, LocationRow } from './timetable.repository';
import { createActivity, firstBookableAt } from './timetable.service';

/**
 * The console's catalogue set-up (issue 47): activity categories and activities (operator-wide:
 * an administrator's), which venues offer an activity (a venue manager: their venues), each venue's
 * locations (its manager's) and an activity's prices. Every change is audited in its transaction.
 * The demo seed builds its catalogue through these functions.
 */

// ---- Categories -------------------------------------------------------------------------------

export function adminCategoryOf(row: CategoryRow): AdminCategory {
  return { id: row.id, parent_id: row.parentId, slug: row.slug, name: row.name, position: row.position };
}

export async function listAdminCategories(
  db: Database,
  clientId: number,
  query: AdminListQuery,
): Promise<Page<AdminCategory>> {
  const found = await findCategoryPage(db, clientId, {
    search: query.q,
    page: query.page,
    perPage: query.per_page,
  });
  return pageOf(query, found, adminCategoryOf);
}

export async function getAdminCategory(db: Database, clientId: number, id: number): Promise<AdminCategory> {
  const row = await findCategoryOfClient(db, clientId, id);
  if (!row) throw AppError.notFound();
  return adminCategoryOf(row);
}

/** A parent must be the operator's and not the category itself or one below it. */
async function checkParent(db: Database, clientId: number, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const parents = await listCategoryParents(db, clientId);
  const parentOf = new Map(parents.map((p) => [p.id, p.parentId]));
  if (!parentOf.has(parentId)) throw AppError.validation({ parent_id: ['Choose one of your categories.'] });
  let at: number | null | undefined = parentId;
  for (let steps = 0; at != null && steps <= parents.length; steps += 1) {
    if (at === id) throw AppError.validation({ parent_id: ['A category cannot sit inside itself.'] });
    at = parentOf.get(at);
  }
}

export async function createCategorySetup(
  db: Database,
  change: StaffChange,
  input: z.input<typeof zCategoryCreate>,
): Promise<CategoryRow> {
  requireOperatorWideChange(change);
  const values: CategoryCreate = parse(zCategoryCreate, input);
  await checkParent(db, change.clientId, null, values.parent_id);
  const taken = () => AppError.validation({ slug: ['Another category already uses this slug.'] });
  if (await categorySlugTaken(db, change.clientId, values.slug)) throw taken();
  return audited(db, change, async (tx) => {
    const row = await insertCategoryIfFree(tx, {
      clientId: change.clientId,
      slug: values.slug,
      name: values.name,
      parentId: values.parent_id,
      position: values.position,
    });
    if (!row) throw taken();
    const after = adminCategoryOf(row);
    return {
      result: row,
      action: 'activity-category.create',
      entityType: 'activity-category',
      entityId: row.id,
      after,
    };
  });
}

export async function updateCategorySetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: CategoryUpdate,
): Promise<CategoryRow> {
  requireOperatorWideChange(change);
  const values: CategoryUpdate = parse(zCategoryUpdate, input);
  if (!(await findCategoryOfClient(db, change.clientId, id))) throw AppError.notFound();
  if (values.parent_id !== undefined) await checkParent(db, change.clientId, id, values.parent_id);
  return audited(db, change, async (tx) => {
    const before = await findCategoryOfClient(tx, change.clientId, id, true);
    if (!before) throw AppError.notFound();
    const row = await updateCategoryRow(tx, id, {
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.parent_id !== undefined ? { parentId: values.parent_id } : {}),
      ...(values.position !== undefined ? { position: values.position } : {}),
    });
    return {
      result: row,
      action: 'activity-category.update',
      entityType: 'activity-category',
      entityId: id,
      before: adminCategoryOf(before),
      after: adminCategoryOf(row),
    };
  });
}

// ---- Activities -------------------------------------------------------------------------------

export function adminActivityOf(row: ActivityWithVenues): AdminActivity {
  return {
    id: row.id,
    category_id: row.categoryId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    kind: row.kind,
    duration_minutes: row.durationMinutes,
    booking_window_days: row.bookingWindowDays,
    booking_opens_at: row.bookingOpensAt,
    cancellation_cutoff_minutes: row.cancellationCutoffMinutes,
    credit_on_cancellation: row.creditOnCancellation,
    needs_waiver: row.needsWaiver,
    has_waitlist: row.hasWaitlist,
    allows_anonymous_bookings: row.allowsAnonymousBookings,
    tags: row.tags,
    position: row.position,
    venue_ids: row.venueIds,
  };
}

export async function listAdminActivities(
  db: Database,
  clientId: number,
  query: AdminListQuery & { category_id?: number | undefined; venue_id?: number | undefined },
): Promise<Page<AdminActivity>> {
  const found = await findActivityPage(db, clientId, {
    search: query.q,
    page: query.page,
    perPage: query.per_page,
    categoryId: query.category_id,
    venueId: query.venue_id,
  });
  return pageOf(query, found, adminActivityOf);
}

export async function getAdminActivity(db: Database, clientId: number, id: number): Promise<AdminActivity> {
  const row = await findActivityOfClient(db, clientId, id);
  if (!row) throw AppError.notFound();
  return adminActivityOf(row);
}

async function checkVenues(db: Database, clientId: number, venueIds: number[]): Promise<number[]> {
  const unique = [...new Set(venueIds)].sort((a, b) => a - b);
  const known = await venueIdsOfOperator(db, clientId, unique);
  if (known.length !== unique.length) throw AppError.validation({ venue_ids: ['Choose among your venues.'] });
  return unique;
}

async function checkCategory(db: Database, clientId: number, categoryId: number): Promise<void> {
  if (!(await findCategoryOfClient(db, clientId, categoryId))) {
    throw AppError.validation({ category_id: ['Choose one of your categories.'] });
  }
}

/** Creates an activity with its first prices and the venues offering it (an operator-wide change). */
export async function createActivitySetup(
  db: Database,
  change: StaffChange,
  input: ActivityCreateInput,
): Promise<ActivityWithVenues> {
  requireOperatorWideChange(change);
  const values = parse(zActivityCreate, input);
  await checkCategory(db, change.clientId, values.category_id);
  const venueIds = await checkVenues(db, change.clientId, values.venue_ids);
  const taken = () => AppError.validation({ slug: ['Another activity already uses this slug.'] });
  if (await activitySlugTaken(db, change.clientId, values.slug)) throw taken();
  return audited(db, change, async (tx) => {
    const row = await createActivity(tx, change.clientId, {
      categoryId: values.category_id,
      slug: values.slug,
      name: values.name,
      kind: values.kind,
      durationMinutes: values.duration_minutes,
      description: values.description,
      bookingWindowDays: values.booking_window_days,
      bookingOpensAt: values.booking_opens_at,
      cancellationCutoffMinutes: values.cancellation_cutoff_minutes,
      creditOnCancellation: values.credit_on_cancellation,
      needsWaiver: values.needs_waiver,
      allowsAnonymousBookings: values.allows_anonymous_bookings,
      hasWaitlist: values.has_waitlist,
      tags: values.tags,
      position: values.position,
      pricing: values.pricing.map((option) => ({
        name: option.name,
        forMembers: option.for_members,
        tickets: option.tickets,
      })),
    });
    await replaceVenueActivities(tx, row.id, venueIds);
    const created = { ...row, venueIds };
    const after = { ...adminActivityOf(created), pricing: pricingOf(await listPricingOf(tx, row.id)) };
    return { result: created, action: 'activity.create', entityType: 'activity', entityId: row.id, after };
  });
}

/**
 * Changes an activity. Its details are operator-wide; which venues offer it a venue manager may
 * change for their venues only. A changed release rule moves the opening instant of its future
 * sessions by the timetable's one rule (`firstBookableAt`).
 */
export async function updateActivitySetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: ActivityUpdate,
  now: Date = new Date(),
): Promise<ActivityWithVenues> {
  const values = parse(zActivityUpdate, input);
  const existing = await findActivityOfClient(db, change.clientId, id);
  if (!existing) throw AppError.notFound();
  const { venue_ids: newVenueIds, ...details } = values;
  if (Object.keys(details).length > 0) requireOperatorWideChange(change);
  let venueIds = existing.venueIds;
  if (newVenueIds !== undefined) {
    venueIds = await checkVenues(db, change.clientId, newVenueIds);
    const changed = [
      ...venueIds.filter((v) => !existing.venueIds.includes(v)),
      ...existing.venueIds.filter((v) => !venueIds.includes(v)),
    ];
    for (const venueId of changed) requireChangeOfVenue(change, venueId);
  }
  if (details.category_id !== undefined) await checkCategory(db, change.clientId, details.category_id);
  return audited(db, change, async (tx) => {
    const before = await findActivityOfClient(tx, change.clientId, id, true);
    if (!before) throw AppError.notFound();
    const row = Object.keys(details).length
      ? await updateActivityRow(tx, id, {
          ...(details.category_id !== undefined ? { categoryId: details.category_id } : {}),
          ...(details.name !== undefined ? { name: details.name } : {}),
          ...(details.description !== undefined ? { description: details.description } : {}),
          ...(details.duration_minutes !== undefined ? { durationMinutes: details.duration_minutes } : {}),
          ...(details.booking_window_days !== undefined
            ? { bookingWindowDays: details.booking_window_days }
            : {}),
          ...(details.booking_opens_at !== undefined ? { bookingOpensAt: details.booking_opens_at } : {}),
          ...(details.cancellation_cutoff_minutes !== undefined
            ? { cancellationCutoffMinutes: details.cancellation_cutoff_minutes }
            : {}),
          ...(details.credit_on_cancellation !== undefined
            ? { creditOnCancellation: details.credit_on_cancellation }
            : {}),
          ...(details.needs_waiver !== undefined ? { needsWaiver: details.needs_waiver } : {}),
          ...(details.has_waitlist !== undefined ? { hasWaitlist: details.has_waitlist } : {}),
          ...(details.allows_anonymous_bookings !== undefined
            ? { allowsAnonymousBookings: details.allows_anonymous_bookings }
            : {}),
          ...(details.tags !== undefined ? { tags: details.tags } : {}),
          ...(details.position !== undefined ? { position: details.position } : {}),
        })
      : before;
    if (newVenueIds !== undefined) await replaceVenueActivities(tx, id, venueIds);
    if (row.bookingWindowDays !== before.bookingWindowDays || row.bookingOpensAt !== before.bookingOpensAt) {
      await recomputeOpening(tx, change.clientId, row, now);
    }
    const after = { ...row, venueIds };
    return {
      result: after,
      action: 'activity.update',
      entityType: 'activity',
      entityId: id,
      before: adminActivityOf(before),
      after: adminActivityOf(after),
    };
  });
}

/** The future sessions of the activity open by its (new) release rule: the timetable's one rule. */
async function recomputeOpening(
  tx: Database,
  clientId: number,
  activity: Pick<ActivityWithVenues, 'id' | 'bookingWindowDays' | 'bookingOpensAt'>,
  now: Date,
): Promise<void> {
  const sessions = await listFutureSessionsOf(tx, activity.id, now);
  const zones = new Map<number, string>();
  for (const venueId of new Set(sessions.map((s) => s.venueId))) {
    const venue = await findOperatorVenue(tx, clientId, venueId);
    if (venue) zones.set(venueId, venue.timezone);
  }
  const changes: { id: number; at: Date }[] = [];
  for (const session of sessions) {
    const zone = zones.get(session.venueId);
    if (!zone) continue;
    const at = firstBookableAt(
      localDateOf(session.startsAt, zone),
      localTimeOf(session.startsAt, zone),
      activity,
      zone,
    );
    if (at.getTime() !== session.firstBookableAt.getTime()) changes.push({ id: session.id, at });
  }
  await setFirstBookableAt(tx, changes);
}

// ---- Locations --------------------------------------------------------------------------------

export function adminLocationOf(row: LocationRow): AdminLocation {
  return {
    id: row.id,
    venue_id: row.venueId,
    slug: row.slug,
    name: row.name,
    area: row.area,
    type: row.type,
    position: row.position,
  };
}

async function requireOperatorVenue(db: Database, clientId: number, venueId: number) {
  const venue = await findOperatorVenue(db, clientId, venueId);
  if (!venue) throw AppError.notFound();
  return venue;
}

export async function listAdminLocations(
  db: Database,
  clientId: number,
  query: AdminListQuery & { venue_id: number },
): Promise<Page<AdminLocation>> {
  await requireOperatorVenue(db, clientId, query.venue_id);
  const found = await findLocationPage(db, query.venue_id, {
    search: query.q,
    page: query.page,
    perPage: query.per_page,
  });
  return pageOf(query, found, adminLocationOf);
}

/** A location of one of the operator's venues, or 404. */
async function locationOfOperator(
  db: Database,
  clientId: number,
  id: number,
  lock = false,
): Promise<LocationRow> {
  const row = await findLocationById(db, id, lock);
  if (!row || !(await findOperatorVenue(db, clientId, row.venueId))) throw AppError.notFound();
  return row;
}

export async function getAdminLocation(db: Database, clientId: number, id: number): Promise<AdminLocation> {
  return adminLocationOf(await locationOfOperator(db, clientId, id));
}

export async function createLocationSetup(
  db: Database,
  change: StaffChange,
  input: z.input<typeof zLocationCreate>,
): Promise<LocationRow> {
  const values: LocationCreate = parse(zLocationCreate, input);
  const venue = await findOperatorVenue(db, change.clientId, values.venue_id);
  if (!venue) throw AppError.validation({ venue_id: ['Choose one of your venues.'] });
  requireChangeOfVenue(change, venue.id);
  const taken = () =>
    AppError.validation({ slug: ['Another location of this venue already uses this slug.'] });
  if (await locationSlugTaken(db, venue.id, values.slug)) throw taken();
  return audited(db, change, async (tx) => {
    const row = await insertLocationIfFree(tx, {
      venueId: venue.id,
      slug: values.slug,
      name: values.name,
      area: values.area,
      type: values.type,
      position: values.position,
    });
    if (!row) throw taken();
    return {
      result: row,
      action: 'location.create',
      entityType: 'location',
      entityId: row.id,
      venueId: venue.id,
      after: adminLocationOf(row),
    };
  });
}

/** Creates several locations of one venue at once (a new venue's courts), in one transaction. */
export async function createLocationsSetup(
  db: Database,
  change: StaffChange,
  venueId: number,
  inputs: Omit<z.input<typeof zLocationCreate>, 'venue_id'>[],
): Promise<LocationRow[]> {
  const values = inputs.map(
    (input) => parse(zLocationCreate, { ...input, venue_id: venueId }) as LocationCreate,
  );
  const venue = await findOperatorVenue(db, change.clientId, venueId);
  if (!venue) throw AppError.validation({ venue_id: ['Choose one of your venues.'] });
  requireChangeOfVenue(change, venue.id);
  const slugs = values.map((v) => v.slug);
  const taken = () =>
    AppError.validation({ slug: ['Another location of this venue already uses this slug.'] });
  if (new Set(slugs).size !== slugs.length) throw taken();
  return db.transaction(async (tx) => {
    const rows: LocationRow[] = [];
    for (const value of values) {
      const row = await insertLocationIfFree(tx, {
        venueId: venue.id,
        slug: value.slug,
        name: value.name,
        area: value.area,
        type: value.type,
        position: value.position,
      });
      if (!row) throw taken();
      await change.audit(tx, {
        action: 'location.create',
        entityType: 'location',
        entityId: row.id,
        venueId: venue.id,
        after: adminLocationOf(row),
      });
      rows.push(row);
    }
    return rows;
  });
}

export async function updateLocationSetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: LocationUpdate,
): Promise<LocationRow> {
  const values: LocationUpdate = parse(zLocationUpdate, input);
  const existing = await locationOfOperator(db, change.clientId, id);
  requireChangeOfVenue(change, existing.venueId);
  return audited(db, change, async (tx) => {
    const before = await locationOfOperator(tx, change.clientId, id, true);
    const row = Object.keys(values).length ? await updateLocationRow(tx, id, values) : before;
    return {
      result: row,
      action: 'location.update',
      entityType: 'location',
      entityId: id,
      venueId: row.venueId,
      before: adminLocationOf(before),
      after: adminLocationOf(row),
    };
  });
}
