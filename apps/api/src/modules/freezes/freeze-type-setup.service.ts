import type { AdminFreezeTypeUpdateRequest } from '@leisure/contract/admin/memberships';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { auditSetup, requireOperatorWide, type SetupChanger } from '../membership-catalogue/setup-changer';
import {
  findFreezeTypeOfClient,
  insertFreezeType,
  pageFreezeTypes,
  updateFreezeType,
} from './freeze-type-setup.repository';
import type { FreezeTypeRow } from './freezes.repository';

// The console's freeze types (issue 47): the reasons members may freeze for, the periods offered, the
// proof asked for and how far ahead a freeze may start. The whole operator's; archived, never deleted
// (freezes keep their type). Members' freeze pages read the table on every request, so a change shows
// on the next page load.

export async function listFreezeTypesForSetup(
  db: Database,
  clientId: number,
  paging: { q?: string; page: number; per_page: number },
) {
  return pageFreezeTypes(db, clientId, {
    q: paging.q || undefined,
    limit: paging.per_page,
    offset: (paging.page - 1) * paging.per_page,
  });
}

export async function getFreezeType(db: Database, clientId: number, id: number): Promise<FreezeTypeRow> {
  const row = await findFreezeTypeOfClient(db, clientId, id);
  if (!row) throw AppError.notFound('Freeze type not found.');
  return row;
}

function columnsOf(input: AdminFreezeTypeUpdateRequest) {
  return {
    reason: input.reason,
    timePeriods: input.time_periods ? [...new Set(input.time_periods)].sort((a, b) => a - b) : undefined,
    proofDescription: input.proof_description,
    proofDocumentType: input.proof_document_type,
    minStartDaysAhead: input.min_start_days_ahead,
    maxStartDaysAhead: input.max_start_days_ahead,
    position: input.position,
    active: input.active,
  };
}

export async function createFreezeType(
  db: Database,
  changer: SetupChanger,
  input: AdminFreezeTypeUpdateRequest & { reason: string; time_periods: number[] },
): Promise<FreezeTypeRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    const columns = columnsOf(input);
    const row = await insertFreezeType(tx, {
      ...Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined)),
      clientId: changer.clientId,
      reason: input.reason,
      timePeriods: columns.timePeriods ?? input.time_periods,
    });
    await auditSetup(tx, changer, {
      action: 'freeze-type.create',
      entityType: 'freeze-type',
      entityId: row.id,
      after: row,
    });
    return row;
  });
}

/** Changes a freeze type; `active: false` archives it (no longer offered; existing freezes keep it). */
export async function changeFreezeType(
  db: Database,
  changer: SetupChanger,
  id: number,
  input: AdminFreezeTypeUpdateRequest,
): Promise<FreezeTypeRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    const before = await getFreezeType(tx, changer.clientId, id);
    const min = input.min_start_days_ahead ?? before.minStartDaysAhead;
    const max = input.max_start_days_ahead ?? before.maxStartDaysAhead;
    if (max < min)
      throw AppError.validation({ max_start_days_ahead: ['Must not be before the earliest start'] });
    const after = (await updateFreezeType(tx, id, columnsOf(input))) ?? before;
    await auditSetup(tx, changer, {
      action: input.active === false && before.active ? 'freeze-type.archive' : 'freeze-type.update',
      entityType: 'freeze-type',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}
