import {
  type FreezeTypesResponse,
  freezeMessages,
  type MembershipFreeze,
  type StaffMembershipFreeze,
  zFreezeRequestFields,
} from '@leisure/contract/freezes';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import { addDays, addMonths, isLocalDate, localDateOf } from '../../lib/dates';
import { postponeCollections } from '../direct-debit/direct-debit.service';
import { membershipTimeZone } from '../membership-catalogue/membership-catalogue.service';
import {
  endReplacedMemberships,
  findMembership,
  lockMembership,
  type MembershipRow,
  ownMembership,
} from '../membership-lifecycle/membership-lifecycle.service';
import { membershipOptionsFor } from '../membership-lifecycle/membership-options';
import { setMembershipFrozen } from '../membership-lifecycle/membership-states.service';
import { getCurrentClient } from '../operator/operator.service';
import type { Auth } from '../session/session';
import {
  checkUploadedFile,
  deleteUploadRows,
  discardStoredFile,
  discardStoredFiles,
  type MultipartForm,
  storeUpload,
} from '../uploads/uploads.service';
import { freezeAnswer, freezeTypesAnswer, staffFreezeAnswer } from './freezes.presenters';
import {
  type FreezeRow,
  type FreezeTypeRow,
  findFreeze,
  findUploadName,
  insertFreeze,
  insertFreezeTypes,
  listFreezesForReview,
  listFreezeTypesOfClient,
  lockFreeze,
  lockNextDueFreeze,
  type NewFreezeTypeRow,
  unlinkRejectedProofs,
  updateFreeze,
} from './freezes.repository';

export interface FreezeDeps {
  db: Database;
  config: Config;
}

async function membershipToday(deps: FreezeDeps, membership: MembershipRow, now: Date): Promise<string> {
  return localDateOf(now, await membershipTimeZone(deps, membership));
}

function startBounds(types: FreezeTypeRow[], today: string): { min: string; max: string } {
  const minDays = types.length ? Math.min(...types.map((t) => t.minStartDaysAhead)) : 0;
  const maxDays = types.length ? Math.max(...types.map((t) => t.maxStartDaysAhead)) : 0;
  return { min: addDays(today, minDays), max: addDays(today, maxDays) };
}

/** GET api/my-account/user/memberships/{id}/freezetypes */
export async function listFreezeTypes(
  deps: FreezeDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<FreezeTypesResponse['data']> {
  const membership = await ownMembership(deps, auth, membershipId);
  const types = await listFreezeTypesOfClient(deps.db, membership.clientId);
  const bounds = startBounds(types, await membershipToday(deps, membership, now));
  return freezeTypesAnswer(types, bounds);
}

async function describeFreeze(db: Database, freeze: FreezeRow): Promise<MembershipFreeze> {
  const [type] = (
    await listFreezeTypesOfClient(db, (await findMembership(db, freeze.membershipId))?.clientId ?? 0)
  ).filter((t) => t.id === freeze.freezeTypeId);
  const proofName =
    freeze.proofUploadId === null ? undefined : await findUploadName(db, freeze.proofUploadId);
  return freezeAnswer(freeze, type, proofName);
}

/**
 * POST api/my-account/user/memberships/{id}/freeze: a freeze request, pending staff approval. The
 * membership row is locked and the open-freeze index is the second guard, so two requests at once
 * make one freeze. A proof file is stored with the request or not at all.
 */
export async function requestFreeze(
  deps: FreezeDeps,
  auth: Auth,
  membershipId: number,
  form: MultipartForm,
  now = new Date(),
): Promise<MembershipFreeze> {
  const membership = await ownMembership(deps, auth, membershipId);
  const types = await listFreezeTypesOfClient(deps.db, membership.clientId);
  const today = await membershipToday(deps, membership, now);
  const errors: FieldErrors = {};
  const parsed = zFreezeRequestFields.safeParse(form.fields);
  const fieldErrors = parsed.success ? {} : parsed.error.flatten().fieldErrors;
  const typeId = parsed.success ? parsed.data.freeze_type_id : Number(form.fields.freeze_type_id);
  const type = types.find((t) => t.id === typeId);
  if (!form.fields.freeze_type_id) errors.freeze_type_id = [freezeMessages.freezeTypeRequired];
  else if (!type) errors.freeze_type_id = [freezeMessages.freezeTypeInvalid];
  const activeFrom = form.fields.active_from ?? '';
  if (!activeFrom) errors.active_from = [freezeMessages.startDateRequired];
  else if (fieldErrors.active_from || !isLocalDate(activeFrom)) errors.active_from = ['Date must be valid.'];
  else if (activeFrom < today) errors.active_from = [freezeMessages.startDatePast];
  else if (type) {
    const min = addDays(today, type.minStartDaysAhead);
    const max = addDays(today, type.maxStartDaysAhead);
    if (activeFrom < min || activeFrom > max) {
      errors.active_from = [freezeMessages.startDateOutOfRange.replace('{min}', min).replace('{max}', max)];
    }
  }
  const months = Number(form.fields.months);
  if (!form.fields.months) errors.months = [freezeMessages.monthsRequired];
  else if (!Number.isInteger(months) || (type && !type.timePeriods.includes(months)) || months < 1) {
    errors.months = [freezeMessages.monthsInvalid];
  }
  const needsProof = type !== undefined && type.proofDescription !== null;
  const hasFile = form.file?.fieldName === 'file' && form.file.buffer.length > 0;
  if (needsProof && !hasFile && !form.file?.truncated) errors.file = [freezeMessages.proofRequired];
  const options = (await membershipOptionsFor(deps.db, [membership], now)).get(membership.id);
  if (options?.freezePending || membership.status === 'frozen') {
    errors.membership_id = [freezeMessages.freezePending];
  } else if (!options?.freezable) errors.membership_id = [freezeMessages.notFreezable];
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  if (!type) throw AppError.validation({ freeze_type_id: [freezeMessages.freezeTypeInvalid] });
  const file =
    hasFile || form.file?.truncated
      ? await checkUploadedFile(deps.config, form, 'file', ['jpeg', 'png', 'pdf'])
      : null;

  let storedName: string | undefined;
  let replacedFiles: string[] = [];
  try {
    const freeze = await deps.db.transaction(async (tx) => {
      const locked = await lockMembership(tx, membership.id);
      if (locked?.status !== 'active') {
        throw AppError.validation({ membership_id: [freezeMessages.notFreezable] });
      }
      // A new request replaces rejected ones: their proofs' files go (the requests stay, as history).
      replacedFiles = await deleteUploadRows(tx, await unlinkRejectedProofs(tx, membership.id));
      const upload = file
        ? await storeUpload(tx, deps.config, {
            userId: auth.user.id,
            kind: 'freeze_proof',
            file,
            field: 'file',
          })
        : null;
      storedName = upload?.storedName;
      const row = await insertFreeze(tx, {
        membershipId: membership.id,
        userId: auth.user.id,
        freezeTypeId: type.id,
        startDate: activeFrom,
        months,
        endDate: addDays(addMonths(activeFrom, months), -1),
        status: 'pending_approval',
        proofUploadId: upload?.id ?? null,
        proofDocumentType: upload ? form.fields.document_type || type.proofDocumentType : null,
      });
      if (!row) throw AppError.validation({ membership_id: [freezeMessages.freezePending] });
      return row;
    });
    storedName = undefined;
    await discardStoredFiles(deps.config, replacedFiles);
    return describeFreeze(deps.db, freeze);
  } catch (error) {
    if (storedName) await discardStoredFile(deps.config, storedName);
    throw error;
  }
}

// ---- Staff review -----------------------------------------------------------------------------------------

/** GET api/staff/membership-freezes: the operator's freezes in `status` (default awaiting approval), oldest first. */
export async function listFreezesToReview(
  deps: FreezeDeps,
  status: FreezeRow['status'] = 'pending_approval',
): Promise<StaffMembershipFreeze[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listFreezesForReview(deps.db, client.id, status);
  return rows.map(staffFreezeAnswer);
}

async function reviewFreeze(
  deps: FreezeDeps,
  staff: Auth,
  freezeId: number,
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string },
  now: Date,
): Promise<MembershipFreeze> {
  const client = await getCurrentClient(deps.db, deps.config);
  const found = await findFreeze(deps.db, freezeId);
  const membership = found ? await findMembership(deps.db, found.membershipId) : undefined;
  if (!found || membership?.clientId !== client.id) throw AppError.notFound();
  const row = await deps.db.transaction(async (tx) => {
    const freeze = await lockFreeze(tx, freezeId);
    if (freeze?.status !== 'pending_approval') {
      throw AppError.validation({ freeze: [freezeMessages.freezeNotPending] });
    }
    return updateFreeze(tx, freezeId, {
      status: outcome.status,
      reviewedByUserId: staff.user.id,
      reviewedAt: now,
      rejectionReason: outcome.status === 'rejected' ? outcome.reason : null,
    });
  });
  if (!row) throw AppError.notFound();
  return describeFreeze(deps.db, row);
}

/** POST api/staff/membership-freezes/{id}/approve: the freeze starts on its start date (the job). */
export function approveFreeze(deps: FreezeDeps, staff: Auth, freezeId: number, now = new Date()) {
  return reviewFreeze(deps, staff, freezeId, { status: 'approved' }, now);
}

/** POST api/staff/membership-freezes/{id}/reject */
export function rejectFreeze(
  deps: FreezeDeps,
  staff: Auth,
  freezeId: number,
  reason: string,
  now = new Date(),
) {
  return reviewFreeze(deps, staff, freezeId, { status: 'rejected', reason }, now);
}

// ---- The freeze job ----------------------------------------------------------------------------------------

export interface FreezeRun {
  started: number;
  ended: number;
  replacedEnded: number;
}

/**
 * Starts approved freezes on their start date (membership 'frozen', its collections not yet taken
 * move on by the frozen months, a fixed end date moves too), ends active freezes after their last
 * day (membership 'active' again), and ends memberships a change replaced once their last day is
 * past. Each step locks one row with SKIP LOCKED in its own transaction and re-reads it, so
 * several replicas can run it at once and each row moves once.
 */
export async function runFreezeTransitions(deps: FreezeDeps, now = new Date()): Promise<FreezeRun> {
  const { db } = deps;
  // The operator's date (decision 064): one job moves every venue's freezes.
  const today = localDateOf(now, (await getCurrentClient(db, deps.config)).timezone);
  const run: FreezeRun = { started: 0, ended: 0, replacedEnded: 0 };
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const freeze = await lockNextDueFreeze(tx, 'approved', today);
      if (!freeze) return false;
      const membership = await lockMembership(tx, freeze.membershipId);
      if (membership?.status !== 'active') {
        // The membership ended or was cancelled meanwhile: the freeze never starts.
        await updateFreeze(tx, freeze.id, {
          status: 'rejected',
          rejectionReason: 'The membership is no longer active.',
        });
        return true;
      }
      await updateFreeze(tx, freeze.id, { status: 'active', startedAt: now });
      await setMembershipFrozen(tx, membership.id, 'frozen', {
        ...(membership.endDate !== null ? { endDate: addMonths(membership.endDate, freeze.months) } : {}),
      });
      await postponeCollections(tx, membership.id, freeze.startDate, freeze.months);
      run.started += 1;
      return true;
    });
    if (!moved) break;
  }
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const freeze = await lockNextDueFreeze(tx, 'active', today);
      if (!freeze) return false;
      await updateFreeze(tx, freeze.id, { status: 'completed', endedAt: now });
      const membership = await lockMembership(tx, freeze.membershipId);
      if (membership?.status === 'frozen') await setMembershipFrozen(tx, membership.id, 'active');
      run.ended += 1;
      return true;
    });
    if (!moved) break;
  }
  // Renewed and changed memberships end on the same cadence (membership-lifecycle).
  run.replacedEnded = await endReplacedMemberships(db, today);
  return run;
}

// ---- Freeze types and freezes made outside the API (the seed) ---------------------------------------------

/** The operator's freeze types (reasons, periods, proof asked for), in the order given. */
export async function createFreezeTypes(db: Database, values: NewFreezeTypeRow[]): Promise<FreezeTypeRow[]> {
  return insertFreezeTypes(db, values);
}

/**
 * A freeze as it stands after its review: `months` from `startDate` (the end date follows as for a
 * request), already approved, running or waiting, with the review and start times given. The
 * membership's status is the caller's (a running freeze's membership is frozen). Undefined when the
 * membership already has an open freeze.
 */
export async function recordFreeze(
  db: Database,
  values: {
    membershipId: number;
    userId: number;
    freezeTypeId: number;
    startDate: string;
    months: number;
    status: FreezeRow['status'];
    reviewedAt?: Date;
    startedAt?: Date;
  },
): Promise<FreezeRow | undefined> {
  return insertFreeze(db, { ...values, endDate: addDays(addMonths(values.startDate, values.months), -1) });
}
