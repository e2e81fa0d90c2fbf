import type { AdminListQuery } from '@leisure/contract/admin/lists';
import type {
  AdminPromotion,
  PromotionPaymentOption,
  PromotionStatus,
  zPromotionCreate,
  zPromotionUpdate,
} from '@leisure/contract/admin/promotions';
import { promotionMessages } from '@leisure/contract/admin/promotions';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import { AppError } from '../../errors';
import { localDateOf } from '../../lib/dates';
import { type AuditActor, actorOf, recordChange } from '../audit/audit.service';
import { getCurrentClient } from '../operator/operator.service';
import { requireNoVenueScope, type StaffViewer } from '../session/access';
import {
  findActiveOptionOfClient,
  findPromotion,
  insertPromotion,
  listActiveOptionsOfClient,
  lockPromotion,
  type PromotionRow,
  pagePromotionsOfClient,
  updatePromotion,
} from './promotions.repository';
import type { PromotionDeps } from './promotions.service';

/**
 * The console's promotions (issue 47): list, read, create, change and end the operator's promotion
 * codes. A code is matched by the joining flow whatever its case, so it is kept in capitals and is
 * unique per operator whatever its case. Every change is audited in its own transaction.
 */

export type PromotionInput = z.output<typeof zPromotionCreate>;
export type PromotionChanges = z.output<typeof zPromotionUpdate>;

/** Who changes a promotion: a staff user of the console, or the system (the demo seed). */
export type PromotionCaller =
  | { kind: 'staff'; viewer: StaffViewer & { user: { email: string } }; request?: FastifyRequest }
  | { kind: 'system'; clientId: number };

function callerClientId(caller: PromotionCaller): number {
  return caller.kind === 'staff' ? caller.viewer.user.clientId : caller.clientId;
}

function callerActor(caller: PromotionCaller): AuditActor {
  return caller.kind === 'staff'
    ? actorOf(caller.viewer.user)
    : { clientId: caller.clientId, userId: null, email: null };
}

/** Promotions are the whole operator's: a venue-scoped role may not change them. */
function requireMayChange(caller: PromotionCaller): void {
  if (caller.kind === 'staff') requireNoVenueScope(caller.viewer);
}

/** Where a promotion stands today (the operator's calendar date). */
export function promotionStatus(row: PromotionRow, today: string): PromotionStatus {
  if (row.endedAt || (row.validTo && today > row.validTo)) return 'ended';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used_up';
  if (row.validFrom && today < row.validFrom) return 'scheduled';
  return 'active';
}

export function presentAdminPromotion(row: PromotionRow, today: string): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    discount_kind: row.discountKind,
    discount_value: row.discountValue,
    applies_to: row.appliesTo,
    months: row.months,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    payment_option_ids: row.paymentOptionIds,
    status: promotionStatus(row, today),
    ended_at: row.endedAt ? row.endedAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

async function operatorToday(deps: PromotionDeps): Promise<string> {
  const client = await getCurrentClient(deps.db, deps.config);
  return localDateOf(new Date(), client.timezone);
}

/** A promotion as the console shows it, its status as of today in the operator's time zone. */
export async function presentPromotionForConsole(
  deps: PromotionDeps,
  row: PromotionRow,
): Promise<AdminPromotion> {
  return presentAdminPromotion(row, await operatorToday(deps));
}

/** `GET api/admin/promotions`. */
export async function listPromotionsForConsole(
  deps: PromotionDeps,
  viewer: StaffViewer,
  query: AdminListQuery,
): Promise<{ data: AdminPromotion[]; meta: { page: number; per_page: number; total: number } }> {
  const today = await operatorToday(deps);
  const { rows, total } = await pagePromotionsOfClient(deps.db, viewer.user.clientId, {
    q: query.q || undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => presentAdminPromotion(row, today)),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** `GET api/admin/promotions/{id}`: another operator's or a missing one answers 404. */
export async function getPromotionForConsole(
  deps: PromotionDeps,
  viewer: StaffViewer,
  id: number,
): Promise<AdminPromotion> {
  const row = await findPromotion(deps.db, viewer.user.clientId, id);
  if (!row) throw AppError.notFound();
  return presentAdminPromotion(row, await operatorToday(deps));
}

type PromotionShape = Pick<
  PromotionRow,
  'discountKind' | 'discountValue' | 'appliesTo' | 'validFrom' | 'validTo' | 'usageLimit' | 'usedCount'
> & { paymentOptionIds: number[] };

/** The rules a promotion's set-up must keep (422 at the field; nothing changes). */
async function checkPromotion(db: Database, clientId: number, shape: PromotionShape): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (shape.discountKind === 'percentage' && shape.discountValue > 100) {
    errors.discount_value = [promotionMessages.percentageRange];
  }
  if (shape.validFrom && shape.validTo && shape.validTo < shape.validFrom) {
    errors.valid_to = [promotionMessages.validToBeforeFrom];
  }
  if (shape.usageLimit !== null && shape.usageLimit < shape.usedCount) {
    errors.usage_limit = [promotionMessages.usageBelowUsed];
  }
  const ids = [...new Set(shape.paymentOptionIds)];
  for (const id of ids) {
    const option = await findActiveOptionOfClient(db, clientId, id);
    if (!option) {
      errors.payment_option_ids = [promotionMessages.unknownOption];
      break;
    }
    if (shape.appliesTo === 'first_months' && option.paymentType !== 'recurring') {
      errors.payment_option_ids = [promotionMessages.firstMonthsNeedRecurring];
      break;
    }
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

function codeTaken(): AppError {
  return AppError.validation({ code: [promotionMessages.codeTaken] });
}

/** `POST api/admin/promotions`; the demo seed makes its promotions here too. */
export async function createPromotion(
  db: Database,
  caller: PromotionCaller,
  input: PromotionInput,
): Promise<PromotionRow> {
  requireMayChange(caller);
  const clientId = callerClientId(caller);
  const values = {
    clientId,
    code: input.code,
    name: input.name,
    description: input.description ?? null,
    discountKind: input.discount_kind,
    discountValue: input.discount_value,
    appliesTo: input.applies_to,
    months: input.applies_to === 'first_months' ? input.months : 1,
    validFrom: input.valid_from ?? null,
    validTo: input.valid_to ?? null,
    usageLimit: input.usage_limit ?? null,
    paymentOptionIds: [...new Set(input.payment_option_ids)],
  };
  await checkPromotion(db, clientId, { ...values, usedCount: 0 });
  try {
    const row = await db.transaction(async (tx) => {
      const created = await insertPromotion(tx, values);
      await recordChange(
        tx,
        callerActor(caller),
        { action: 'promotion.create', entityType: 'promotion', entityId: created.id, after: created },
        caller.kind === 'staff' ? caller.request : undefined,
      );
      return created;
    });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** `PATCH api/admin/promotions/{id}`. */
export async function changePromotion(
  db: Database,
  caller: PromotionCaller,
  id: number,
  changes: PromotionChanges,
): Promise<PromotionRow> {
  requireMayChange(caller);
  const clientId = callerClientId(caller);
  try {
    const row = await db.transaction(async (tx) => {
      const before = await lockPromotion(tx, clientId, id);
      if (!before) throw AppError.notFound();
      const appliesTo = changes.applies_to ?? before.appliesTo;
      const values = {
        ...(changes.code !== undefined && { code: changes.code }),
        ...(changes.name !== undefined && { name: changes.name }),
        ...(changes.description !== undefined && { description: changes.description }),
        ...(changes.discount_kind !== undefined && { discountKind: changes.discount_kind }),
        ...(changes.discount_value !== undefined && { discountValue: changes.discount_value }),
        ...(changes.applies_to !== undefined && { appliesTo: changes.applies_to }),
        months: appliesTo === 'first_months' ? (changes.months ?? before.months) : 1,
        ...(changes.valid_from !== undefined && { validFrom: changes.valid_from }),
        ...(changes.valid_to !== undefined && { validTo: changes.valid_to }),
        ...(changes.usage_limit !== undefined && { usageLimit: changes.usage_limit }),
        ...(changes.payment_option_ids !== undefined && {
          paymentOptionIds: [...new Set(changes.payment_option_ids)],
        }),
      };
      await checkPromotion(tx, clientId, { ...before, ...values });
      const after = await updatePromotion(tx, id, values);
      if (!after) throw AppError.notFound();
      await recordChange(
        tx,
        callerActor(caller),
        { action: 'promotion.update', entityType: 'promotion', entityId: id, before, after },
        caller.kind === 'staff' ? caller.request : undefined,
      );
      return after;
    });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * `POST api/admin/promotions/{id}/end`: the code stops working at once (joining answers 'Code not
 * recognised'); memberships that already used it keep their price. Ending twice is refused (422).
 */
export async function endPromotion(db: Database, caller: PromotionCaller, id: number): Promise<PromotionRow> {
  requireMayChange(caller);
  const clientId = callerClientId(caller);
  const row = await db.transaction(async (tx) => {
    const before = await lockPromotion(tx, clientId, id);
    if (!before) throw AppError.notFound();
    if (before.endedAt) throw AppError.validation({ id: [promotionMessages.alreadyEnded] });
    const after = await updatePromotion(tx, id, { endedAt: new Date() });
    if (!after) throw AppError.notFound();
    await recordChange(
      tx,
      callerActor(caller),
      { action: 'promotion.end', entityType: 'promotion', entityId: id, before, after },
      caller.kind === 'staff' ? caller.request : undefined,
    );
    return after;
  });
  return row;
}

/** `GET api/admin/promotions/payment-options`. */
export async function listPromotablePaymentOptions(
  db: Database,
  viewer: StaffViewer,
): Promise<PromotionPaymentOption[]> {
  const rows = await listActiveOptionsOfClient(db, viewer.user.clientId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    membership_type_name: row.membershipTypeName,
    payment_type: row.paymentType,
    base_fee: row.baseFee,
    joining_fee: row.joiningFee,
  }));
}
