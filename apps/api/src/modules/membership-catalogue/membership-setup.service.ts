import type {
  AdminBenefit,
  AdminEligibility,
  AdminMembershipCategoryRequest,
  AdminMembershipTypeUpdateRequest,
  AdminPaymentOptionUpdateRequest,
} from '@leisure/contract/admin/memberships';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import type { MembershipEligibility, membershipTypes } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import {
  insertCategory,
  type MembershipTypeRow,
  type PaymentOptionRow,
} from './membership-catalogue.repository';
import {
  type CategoryRow,
  countActivitiesOfClient,
  countCategories,
  countCategoriesOfClient,
  countMembershipsOfOption,
  countVenuesOfClient,
  deleteCategory,
  findCategory,
  findCategoryByName,
  findOptionOfClient,
  findTypeBySlug,
  findTypeLinks,
  findTypeOfClient,
  insertOptionRow,
  insertTypeRow,
  listOptionsOfType,
  type NewBenefit,
  pageCategories,
  pageTypes,
  replaceTypeBenefits,
  replaceTypeCategories,
  replaceTypeVenues,
  type TypeLinks,
  updateCategory,
  updateOptionRow,
  updateTypeRow,
} from './membership-setup.repository';
import { auditSetup, requireOperatorWide, type SetupChanger } from './setup-changer';

// The console's Memberships area (issue 47): what an operator sells as memberships. Categories, types
// and payment options are the whole operator's (a venue-scoped role may not change them); every change
// is audited in its transaction. The joining pages read these tables on every request (no cache), so a
// change shows on the next page load on every replica.

export interface Paging {
  q?: string;
  page: number;
  per_page: number;
}
const limits = (paging: Paging) => ({
  q: paging.q || undefined,
  limit: paging.per_page,
  offset: (paging.page - 1) * paging.per_page,
});

// ---- Categories -------------------------------------------------------------------------------

export async function listMembershipCategories(db: Database, clientId: number, paging: Paging) {
  return pageCategories(db, clientId, limits(paging));
}

export async function getMembershipCategory(
  db: Database,
  clientId: number,
  id: number,
): Promise<CategoryRow> {
  const row = await findCategory(db, clientId, id);
  if (!row) throw AppError.notFound('Membership category not found.');
  return row;
}

async function requireFreeCategoryName(db: Database, clientId: number, name: string, id?: number) {
  const same = await findCategoryByName(db, clientId, name);
  if (same && same.id !== id) throw AppError.validation({ name: ['A category has this name already'] });
}

export async function createMembershipCategory(
  db: Database,
  changer: SetupChanger,
  input: AdminMembershipCategoryRequest,
): Promise<CategoryRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    await requireFreeCategoryName(tx, changer.clientId, input.name);
    const position = input.position ?? (await countCategories(tx, changer.clientId));
    const row = await insertCategory(tx, { clientId: changer.clientId, name: input.name, position });
    await auditSetup(tx, changer, {
      action: 'membership-category.create',
      entityType: 'membership-category',
      entityId: row.id,
      after: row,
    });
    return row;
  });
}

export async function changeMembershipCategory(
  db: Database,
  changer: SetupChanger,
  id: number,
  input: Partial<AdminMembershipCategoryRequest>,
): Promise<CategoryRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    const before = await getMembershipCategory(tx, changer.clientId, id);
    if (input.name !== undefined) await requireFreeCategoryName(tx, changer.clientId, input.name, id);
    const after = (await updateCategory(tx, id, { name: input.name, position: input.position })) ?? before;
    await auditSetup(tx, changer, {
      action: 'membership-category.update',
      entityType: 'membership-category',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Removing a category only unlinks it from its types: no membership is lost. */
export async function removeMembershipCategory(
  db: Database,
  changer: SetupChanger,
  id: number,
): Promise<void> {
  requireOperatorWide(changer);
  await db.transaction(async (tx) => {
    const before = await getMembershipCategory(tx, changer.clientId, id);
    await deleteCategory(tx, id);
    await auditSetup(tx, changer, {
      action: 'membership-category.delete',
      entityType: 'membership-category',
      entityId: id,
      before,
    });
  });
}

// ---- Types ------------------------------------------------------------------------------------

export interface MembershipTypeView {
  type: MembershipTypeRow;
  links: TypeLinks;
}

export async function listMembershipTypesForSetup(db: Database, clientId: number, paging: Paging) {
  return pageTypes(db, clientId, limits(paging));
}

export async function getMembershipType(
  db: Database,
  clientId: number,
  id: number,
): Promise<MembershipTypeView> {
  const type = await findTypeOfClient(db, clientId, id);
  if (!type) throw AppError.notFound('Membership type not found.');
  return { type, links: await findTypeLinks(db, id) };
}

/** A type of the operator by its slug (the seed names types by slug). */
export async function getMembershipTypeBySlug(db: Database, clientId: number, slug: string) {
  const found = await findTypeBySlug(db, clientId, slug);
  if (!found) throw AppError.notFound('Membership type not found.');
  return getMembershipType(db, clientId, found.id);
}

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'membership';
}

function eligibilityOf(input: AdminEligibility | null): MembershipEligibility | null {
  if (!input) return null;
  return {
    name: input.name,
    minAge: input.min_age,
    maxAge: input.max_age,
    requiresDocument: input.requires_document,
    documentTypes: input.document_types,
  };
}

function benefitOf(input: AdminBenefit): NewBenefit {
  return {
    name: input.name,
    kind: input.kind,
    totalUses: input.total_uses,
    frequency: input.frequency,
    description: input.description,
    activityId: input.kind === 'activity' ? input.activity_id : null,
    discountPercent: input.kind === 'activity' ? input.discount_percent : null,
  };
}

/** The ids a type names must be the operator's own: 422 at the field otherwise. */
async function checkReferences(db: Database, clientId: number, input: AdminMembershipTypeUpdateRequest) {
  const errors: FieldErrors = {};
  const unique = (ids: number[]) => [...new Set(ids)];
  if (input.category_ids) {
    const ids = unique(input.category_ids);
    if ((await countCategoriesOfClient(db, clientId, ids)) !== ids.length) {
      errors.category_ids = ['Choose categories of this operator'];
    }
  }
  for (const field of ['sold_at_venue_ids', 'access_venue_ids'] as const) {
    const ids = unique(input[field] ?? []);
    if ((await countVenuesOfClient(db, clientId, ids)) !== ids.length)
      errors[field] = ['Choose venues of this operator'];
  }
  const activityIds = unique(
    (input.benefits ?? []).flatMap((b) => (b.kind === 'activity' && b.activity_id ? [b.activity_id] : [])),
  );
  if ((await countActivitiesOfClient(db, clientId, activityIds)) !== activityIds.length) {
    errors.benefits = ['Choose activities of this operator'];
  }
  if (input.slug !== undefined) {
    const same = await findTypeBySlug(db, clientId, input.slug);
    if (same) errors.slug = ['A membership type has this slug already'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

async function writeLinks(
  db: Database,
  typeId: number,
  input: AdminMembershipTypeUpdateRequest,
  current?: TypeLinks,
) {
  if (input.category_ids) await replaceTypeCategories(db, typeId, [...new Set(input.category_ids)]);
  if (input.sold_at_venue_ids || input.access_venue_ids) {
    await replaceTypeVenues(
      db,
      typeId,
      [...new Set(input.sold_at_venue_ids ?? current?.soldAt ?? [])],
      [...new Set(input.access_venue_ids ?? current?.accessOnly ?? [])],
    );
  }
  if (input.benefits) await replaceTypeBenefits(db, typeId, input.benefits.map(benefitOf));
}

function typeColumns(input: AdminMembershipTypeUpdateRequest): Partial<typeof membershipTypes.$inferInsert> {
  return {
    name: input.name,
    slug: input.slug,
    description: input.description,
    coverage: input.coverage,
    eligibility: input.eligibility === undefined ? undefined : eligibilityOf(input.eligibility),
    position: input.position,
    active: input.active,
    freezable: input.freezable,
    renewable: input.renewable,
    changeable: input.changeable,
    cancellationNoticeDays: input.cancellation_notice_days,
    allowOnlineCancellation: input.allow_online_cancellation,
    cancellationRefusalMessage: input.cancellation_refusal_message,
  };
}

async function slugConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw AppError.validation({ slug: ['A membership type has this slug already'] });
    throw error;
  }
}

export async function createMembershipType(
  db: Database,
  changer: SetupChanger,
  input: AdminMembershipTypeUpdateRequest & { name: string; coverage: string },
): Promise<MembershipTypeView> {
  requireOperatorWide(changer);
  const withSlug = { ...input, slug: input.slug ?? slugOf(input.name) };
  return slugConflict(() =>
    db.transaction(async (tx) => {
      await checkReferences(tx, changer.clientId, withSlug);
      const columns = typeColumns(withSlug);
      const type = await insertTypeRow(tx, {
        ...Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)),
        clientId: changer.clientId,
        slug: withSlug.slug,
        name: input.name,
        coverage: input.coverage,
      });
      await writeLinks(tx, type.id, withSlug);
      const view = { type, links: await findTypeLinks(tx, type.id) };
      await auditSetup(tx, changer, {
        action: 'membership-type.create',
        entityType: 'membership-type',
        entityId: type.id,
        after: view,
      });
      return view;
    }),
  );
}

/** Changes a type; `active: false` archives it (a type is never deleted: members keep it). */
export async function changeMembershipType(
  db: Database,
  changer: SetupChanger,
  id: number,
  input: AdminMembershipTypeUpdateRequest,
): Promise<MembershipTypeView> {
  requireOperatorWide(changer);
  return slugConflict(() =>
    db.transaction(async (tx) => {
      const before = await getMembershipType(tx, changer.clientId, id);
      const slugChanges = input.slug !== undefined && input.slug !== before.type.slug;
      await checkReferences(tx, changer.clientId, { ...input, slug: slugChanges ? input.slug : undefined });
      const type = (await updateTypeRow(tx, id, typeColumns(input))) ?? before.type;
      await writeLinks(tx, id, input, before.links);
      const after = { type, links: await findTypeLinks(tx, id) };
      await auditSetup(tx, changer, {
        action:
          input.active === false && before.type.active ? 'membership-type.archive' : 'membership-type.update',
        entityType: 'membership-type',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

// ---- Payment options --------------------------------------------------------------------------

export async function listPaymentOptionsForSetup(db: Database, clientId: number, typeId: number) {
  await getMembershipType(db, clientId, typeId);
  return listOptionsOfType(db, typeId);
}

export async function getPaymentOption(
  db: Database,
  clientId: number,
  id: number,
): Promise<PaymentOptionRow> {
  const row = await findOptionOfClient(db, clientId, id);
  if (!row) throw AppError.notFound('Payment option not found.');
  return row.option;
}

export interface NewPaymentOption {
  name: string;
  payment_type: 'recurring' | 'fixed';
  base_fee: number;
  joining_fee: number;
  month_in_hand?: boolean | undefined;
  fixed_duration: number | null;
  fixed_period: 'day' | 'week' | 'month' | 'year' | null;
  change_fee: number;
  position: number;
  active: boolean;
}

export async function createPaymentOption(
  db: Database,
  changer: SetupChanger,
  typeId: number,
  input: NewPaymentOption,
): Promise<PaymentOptionRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    await getMembershipType(tx, changer.clientId, typeId);
    const fixed = input.payment_type === 'fixed';
    const row = await insertOptionRow(tx, {
      membershipTypeId: typeId,
      name: input.name,
      paymentType: input.payment_type,
      baseFee: input.base_fee,
      joiningFee: input.joining_fee,
      monthInHand: fixed ? false : (input.month_in_hand ?? true),
      fixedDuration: fixed ? input.fixed_duration : null,
      fixedPeriod: fixed ? input.fixed_period : null,
      changeFee: input.change_fee,
      position: input.position,
      active: input.active,
    });
    await auditSetup(tx, changer, {
      action: 'membership-payment-option.create',
      entityType: 'membership-payment-option',
      entityId: row.id,
      after: row,
    });
    return row;
  });
}

/**
 * Changes a payment option. Its kind (monthly or single payment) stays what members bought. A new price
 * applies to new purchases only: a membership keeps the fees it was priced with (`memberships.costs`)
 * and its direct debit keeps the amount set when it was activated.
 */
export async function changePaymentOption(
  db: Database,
  changer: SetupChanger,
  id: number,
  input: AdminPaymentOptionUpdateRequest,
): Promise<PaymentOptionRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    const before = await getPaymentOption(tx, changer.clientId, id);
    const fixed = before.paymentType === 'fixed';
    const duration = input.fixed_duration === undefined ? before.fixedDuration : input.fixed_duration;
    const period = input.fixed_period === undefined ? before.fixedPeriod : input.fixed_period;
    if (fixed && (duration === null || period === null)) {
      throw AppError.validation({ fixed_duration: ['A single payment needs its duration'] });
    }
    const termChanges = fixed && (duration !== before.fixedDuration || period !== before.fixedPeriod);
    if (termChanges && (await countMembershipsOfOption(tx, id)) > 0) {
      throw AppError.validation({
        fixed_duration: ['Members have bought this duration: add a new payment option instead'],
      });
    }
    const after =
      (await updateOptionRow(tx, id, {
        name: input.name,
        baseFee: input.base_fee,
        joiningFee: input.joining_fee,
        monthInHand: fixed ? false : input.month_in_hand,
        fixedDuration: fixed ? duration : null,
        fixedPeriod: fixed ? period : null,
        changeFee: input.change_fee,
        position: input.position,
        active: input.active,
      })) ?? before;
    await auditSetup(tx, changer, {
      action: 'membership-payment-option.update',
      entityType: 'membership-payment-option',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
