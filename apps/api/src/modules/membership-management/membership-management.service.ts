import {
  type CancelInfo,
  type CancellationState,
  type CancelMembershipResponse,
  type MembershipDocument,
  type MyMembership,
  type MyMembershipStatus,
  membershipManagementMessages as messages,
  zEligibilityDocumentFields,
  zRejectEligibilityDocumentRequest,
} from '@leisure/contract/membership-management';
import { formatMoney } from '@leisure/contract/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MembershipEligibility } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { addDays, localDateOf } from '../../lib/dates';
import { addToCart, type CartDeps, getCart } from '../cart/cart.service';
import type { HoldKeeper } from '../cart/holds.service';
import { cancelCollections, endCollectionsAfter } from '../direct-debit/direct-debit.service';
import { type MembershipOptions, membershipOptionsFor } from '../membership-lifecycle/membership-options';
import { getCurrentClient } from '../operator/operator.service';
import { hasOutstandingPenalties, listPenalties } from '../payments/payments.service';
import { requireAccess } from '../session/access';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import {
  checkUploadedFile,
  discardStoredFile,
  type MultipartForm,
  storeUpload,
} from '../uploads/uploads.service';
import { billingDayOf, cancellationDates, membershipDate, nextPeriodStart } from './cancellation-dates';
import {
  type DocumentDetailRow,
  type DocumentTypeRow,
  ensureDocumentTypes,
  findDocumentDetail,
  findMembershipDetail,
  insertDocument,
  listBenefitsOfTypes,
  listDocumentsForReview,
  listDocumentsOfMemberships,
  listMembershipDetailsOfUser,
  listNextCollections,
  lockDocument,
  lockEndedCancellations,
  lockMembership,
  lockOverdueDocumentMemberships,
  lockPaidUpCancellations,
  type MembershipDetailRow,
  type MembershipRow,
  updateDocument,
  updateMembershipRow,
} from './membership-management.repository';

export interface MembershipManagementDeps {
  db: Database;
  config: Config;
  holds: HoldKeeper;
}

const defaultZone = 'Europe/London';
/** A document expiring within this many days asks for a new one (documentExpiringSoon). */
const expiringSoonDays = 30;
/** Statuses a member can cancel from. */
const cancellableStatuses: MembershipRow['status'][] = ['active', 'frozen', 'suspended'];

/**
 * Paid for but waiting for its proof of eligibility: checkout leaves a membership whose type needs a
 * document `pending` (docs/decisions/010) until staff approve one.
 */
function awaitingProof(membership: MembershipRow): boolean {
  return membership.status === 'pending' && membership.activatedAt !== null && membership.requiresDocument;
}

function canBeCancelled(membership: MembershipRow): boolean {
  return cancellableStatuses.includes(membership.status) || awaitingProof(membership);
}

export function membershipReference(id: number): string {
  return `MEM-${String(id).padStart(6, '0')}`;
}

function zoneOf(detail: Pick<MembershipDetailRow, 'timezone'>): string {
  return detail.timezone ?? defaultZone;
}

/**
 * The freeze, renew and change flags come from modules/membership-changes (one call for all the
 * member's memberships); a membership it does not know gets everything off.
 */
const noOptions: MembershipOptions = {
  freezable: false,
  freezePending: false,
  freezeStatusLabel: null,
  renewable: false,
  canRenew: false,
  renewForbidReason: 'This membership cannot be renewed.',
  canChange: false,
  cannotChangeReason: 'This membership cannot be changed.',
};

// ---- The membership as a member sees it ----------------------------------------------------------------

interface Criterion {
  id: number;
  name: string;
  documentTypes: DocumentTypeRow[];
}

async function criterionOf(db: Database, detail: MembershipDetailRow): Promise<Criterion | null> {
  const eligibility: MembershipEligibility | null = detail.type.eligibility;
  if (!eligibility?.requiresDocument) return null;
  const documentTypes = await ensureDocumentTypes(db, detail.type.clientId, eligibility.documentTypes);
  return { id: detail.type.id, name: eligibility.name, documentTypes };
}

function describeDocument(row: DocumentDetailRow, today: string): MembershipDocument {
  const { document } = row;
  const expiresOn = document.expiresOn;
  return {
    id: document.id,
    status: document.status,
    rejection_reason: document.rejectionReason,
    type: { id: document.documentTypeId, name: row.typeName },
    uploaded_at: document.createdAt.toISOString(),
    upload_id: document.uploadId,
    document_expiry: {
      date: expiresOn ? membershipDate(expiresOn) : null,
      document_expiring_soon:
        expiresOn !== null && expiresOn >= today && expiresOn <= addDays(today, expiringSoonDays),
      expired: expiresOn !== null && expiresOn < today,
    },
  };
}

/**
 * my-account.md 4 "Document upload": needed when the type asks for proof and there is no document,
 * or it is expiring, expired or rejected; and the membership is not pending, cancelled, suspended or
 * expired, and management is on. A membership suspended *because* its document is overdue still
 * asks for one, or the member could never lift the suspension themselves.
 */
function uploadRequired(
  detail: MembershipDetailRow,
  criterion: Criterion | null,
  document: MembershipDocument | null,
): boolean {
  if (!criterion || !detail.type.managementEnabled) return false;
  const { membership } = detail;
  // A paid membership waiting for its proof, or suspended for the lack of it, is what the upload is for.
  const blocked = ['pending', 'cancelled', 'suspended', 'expired'].includes(membership.status);
  const waitingForDocument =
    awaitingProof(membership) || (membership.status === 'suspended' && membership.suspendedForDocument);
  if (blocked && !waitingForDocument) return false;
  if (membership.cancellationState === 'cancelled') return false;
  if (!document) return true;
  return (
    document.status === 'rejected' ||
    document.document_expiry.expired ||
    document.document_expiry.document_expiring_soon
  );
}

/** Due `eligibility_days_allowance` days after joining (checkout), unless set. */
function documentDueDateOf(membership: MembershipRow, allowanceDays: number, zone: string): string {
  const joined = membership.activatedAt ? localDateOf(membership.activatedAt, zone) : membership.startDate;
  return membership.documentDueDate ?? addDays(joined, allowanceDays);
}

function statusInfoOf(membership: MembershipRow, options: MembershipOptions): string | null {
  if (membership.cancellationState === 'scheduled' && membership.finalDay) {
    return `Cancelled: final day of membership ${membershipDate(membership.finalDay).full_date}`;
  }
  if (membership.cancellationState === 'awaiting_payment') {
    return 'Cancellation will be processed automatically after payment';
  }
  if (membership.status === 'suspended' && membership.suspendedForDocument) {
    return 'Suspended: your eligibility document is overdue';
  }
  if (options.freezeStatusLabel === 'freeze pending approval') return 'Freeze request awaiting approval';
  return null;
}

function statusOf(membership: MembershipRow, options: MembershipOptions): MyMembershipStatus {
  if (membership.status === 'active' && options.freezeStatusLabel) return options.freezeStatusLabel;
  return membership.status;
}

function isCancellable(membership: MembershipRow, managementEnabled: boolean): boolean {
  return (
    managementEnabled &&
    canBeCancelled(membership) &&
    (membership.cancellationState === null || membership.cancellationState === 'awaiting_payment')
  );
}

const statusRank: Record<string, number> = { pending: 0, active: 1, frozen: 2 };

/** Pending, active, frozen, then the others (my-account.md 3); newest first within each. */
function listOrder(a: MembershipRow, b: MembershipRow): number {
  const rank = (row: MembershipRow) => statusRank[row.status] ?? 3;
  return rank(a) - rank(b) || b.id - a.id;
}

async function describeMemberships(
  db: Database,
  config: Config,
  details: MembershipDetailRow[],
  now: Date,
): Promise<MyMembership[]> {
  if (details.length === 0) return [];
  const client = await getCurrentClient(db, config);
  const rows = details.map((detail) => detail.membership);
  const ids = rows.map((row) => row.id);
  const [options, benefits, documents, collections] = await Promise.all([
    membershipOptionsFor(db, rows, now),
    listBenefitsOfTypes(db, [...new Set(details.map((detail) => detail.type.id))]),
    listDocumentsOfMemberships(db, ids),
    listNextCollections(db, ids),
  ]);
  const result: MyMembership[] = [];
  for (const detail of [...details].sort((a, b) => listOrder(a.membership, b.membership))) {
    const { membership, type, option } = detail;
    const today = localDateOf(now, zoneOf(detail));
    const flags = options.get(membership.id) ?? noOptions;
    const criterion = await criterionOf(db, detail);
    const latest = documents.find((row) => row.document.membershipId === membership.id);
    const document = latest ? describeDocument(latest, today) : null;
    const nextCollection = collections.find((row) => row.membershipId === membership.id)?.chargeDate;
    const ending = membership.cancellationState !== null;
    result.push({
      id: membership.id,
      reference: membershipReference(membership.id),
      status: statusOf(membership, flags),
      status_info: statusInfoOf(membership, flags),
      membership_type: {
        id: type.id,
        name: type.name,
        coverage: type.coverage,
        eligibility_criterion: criterion
          ? {
              id: criterion.id,
              name: criterion.name,
              document_types: criterion.documentTypes.map((row) => ({ id: row.id, name: row.name })),
            }
          : null,
      },
      home_venue: detail.venueName === null ? null : { id: membership.homeVenueId, name: detail.venueName },
      start_date: membershipDate(membership.startDate),
      expires_at: membership.finalDay
        ? membershipDate(membership.finalDay)
        : membership.endDate
          ? membershipDate(membership.endDate)
          : null,
      benefits: benefits
        .filter((benefit) => benefit.membershipTypeId === type.id)
        .map((benefit) => {
          const renews = nextPeriodStart(membership.startDate, benefit.frequency, today);
          return {
            id: benefit.id,
            name: benefit.name,
            description: benefit.description,
            remaining_uses: benefit.totalUses,
            renews_at: renews ? membershipDate(renews) : null,
          };
        }),
      price: { raw: option.baseFee, formatted: formatMoney(option.baseFee, membership.currency) },
      next_payment_date: nextCollection ? membershipDate(nextCollection) : null,
      document,
      document_upload_required: uploadRequired(detail, criterion, document),
      document_due_date: criterion
        ? membershipDate(documentDueDateOf(membership, client.eligibilityDaysAllowance, zoneOf(detail)))
        : null,
      cancellation:
        membership.cancellationState && membership.cancellationRequestedAt
          ? {
              state: membership.cancellationState,
              requested_at: membership.cancellationRequestedAt.toISOString(),
              final_payment_date: membership.finalPaymentDate
                ? membershipDate(membership.finalPaymentDate)
                : null,
              final_day: membership.finalDay ? membershipDate(membership.finalDay) : null,
            }
          : null,
      management_enabled: type.managementEnabled,
      freezable: flags.freezable && !ending,
      freeze_pending: flags.freezePending,
      cancellable: isCancellable(membership, type.managementEnabled),
      renewable: flags.renewable,
      can_renew: flags.canRenew,
      renew_forbid_reason: flags.renewForbidReason,
      can_change: flags.canChange && !ending,
      cannot_change_reason:
        ending && flags.canChange
          ? 'This membership is ending and cannot be changed.'
          : flags.cannotChangeReason,
      slug: type.slug,
      payment_type: option.paymentType,
      payment_option_id: option.id,
    });
  }
  return result;
}

/** `GET api/my-account/user/memberships`: every membership of the signed-in member, in the spec's order. */
export async function listMyMemberships(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  auth: Auth,
  now = new Date(),
): Promise<MyMembership[]> {
  // A cancellation waiting for debts goes through on the next read once they are paid.
  await completePaidUpCancellations(deps.db, now, auth.user.id);
  const details = await listMembershipDetailsOfUser(deps.db, auth.user.id);
  return describeMemberships(deps.db, deps.config, details, now);
}

/** One of the member's memberships (404 for anyone else's: never say it exists). */
async function ownMembership(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  auth: Auth,
  membershipId: number,
): Promise<MembershipDetailRow> {
  const client = await getCurrentClient(deps.db, deps.config);
  const detail = await findMembershipDetail(deps.db, membershipId);
  requireAccess(auth, detail?.membership, { clientId: client.id });
  return detail as MembershipDetailRow;
}

async function describeOne(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  membershipId: number,
  now: Date,
): Promise<MyMembership> {
  const detail = await findMembershipDetail(deps.db, membershipId);
  if (!detail) throw AppError.notFound();
  const [described] = await describeMemberships(deps.db, deps.config, [detail], now);
  if (!described) throw AppError.notFound();
  return described;
}

// ---- Cancellation ----------------------------------------------------------------------------------------

function refusalMessageOf(detail: MembershipDetailRow): string {
  return detail.type.cancellationRefusalMessage ?? messages.defaultRefusal;
}

function datesOn(detail: MembershipDetailRow, membership: MembershipRow, today: string) {
  return cancellationDates({
    today,
    noticeDays: detail.type.cancellationNoticeDays,
    billingDay: billingDayOf(membership),
    startDate: membership.startDate,
    firstBillingDate: membership.firstBillingDate,
  });
}

/** `GET api/memberships/{membershipId}/cancel`: what cancelling would mean (my-account.md 3 "Cancel info"). */
export async function getCancelInfo(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<CancelInfo> {
  await completePaidUpCancellations(deps.db, now, auth.user.id);
  const detail = await ownMembership(deps, auth, membershipId);
  const { membership, type, option } = detail;
  const penalties = await listPenalties(deps, auth);
  const total = penalties.reduce((sum, penalty) => sum + penalty.fee_amount.amount, 0);
  const client = await getCurrentClient(deps.db, deps.config);
  const today = localDateOf(now, zoneOf(detail));
  const dates =
    option.paymentType === 'recurring'
      ? membership.cancellationState === 'scheduled' && membership.finalDay && membership.finalPaymentDate
        ? { finalDay: membership.finalDay, finalPaymentDate: membership.finalPaymentDate }
        : datesOn(detail, membership, today)
      : null;
  return {
    membership_id: membership.id,
    allow_online_membership_cancellation: type.allowOnlineCancellation,
    membership_cancellation_refusal_message: type.allowOnlineCancellation ? null : refusalMessageOf(detail),
    outstanding_penalties_due: penalties.map((penalty) => ({
      id: penalty.id,
      type: penalty.type_label,
      fee_amount: penalty.fee_amount,
      venue: penalty.booking.venue,
      session: penalty.booking.description,
      created_at: [penalty.booking.date, penalty.booking.time].filter(Boolean).join(' '),
    })),
    has_outstanding_penalties_due: penalties.length > 0,
    total_owed: { amount: total, formatted: formatMoney(total, client.currency) },
    payment_type: option.paymentType,
    recurring: dates
      ? {
          cancellation_notice_period: type.cancellationNoticeDays,
          earliest_final_payment_date: membershipDate(dates.finalPaymentDate),
          earliest_final_day_of_membership: membershipDate(dates.finalDay),
          cancellation_notice_required: type.cancellationNoticeDays > 0,
        }
      : null,
  };
}

/**
 * Carries a cancellation out, in the caller's transaction with the membership row locked: a fixed
 * (paid in full) membership ends today; a monthly one is scheduled to end on its final day with no
 * collection after its final payment date. `requestedOn` is the day the member asked.
 */
async function carryOutCancellation(
  tx: Database,
  detail: MembershipDetailRow,
  membership: MembershipRow,
  requestedOn: string,
  now: Date,
): Promise<{ state: CancellationState; finalPaymentDate: string | null; finalDay: string | null }> {
  if (detail.option.paymentType === 'fixed') {
    const today = localDateOf(now, zoneOf(detail));
    await updateMembershipRow(tx, membership.id, {
      status: 'cancelled',
      cancellationState: 'cancelled',
      cancelledAt: now,
      finalDay: today,
      finalPaymentDate: null,
    });
    await cancelCollections(tx, membership.id, now);
    return { state: 'cancelled', finalPaymentDate: null, finalDay: today };
  }
  const dates = datesOn(detail, membership, requestedOn);
  await updateMembershipRow(tx, membership.id, {
    cancellationState: 'scheduled',
    finalPaymentDate: dates.finalPaymentDate,
    finalDay: dates.finalDay,
    // modules/membership-changes reads an end date on a monthly membership as "ending".
    endDate: dates.finalDay,
  });
  await endCollectionsAfter(tx, membership.id, dates.finalPaymentDate);
  return { state: 'scheduled', ...dates };
}

/**
 * `POST api/memberships/{membershipId}/cancel`. Refused (422 under `membership`) when the type may not
 * be cancelled online, or the membership is already cancelled or ending. With unpaid penalties the
 * cancellation waits (`awaiting_payment`) and the penalties are put in the member's basket; paying
 * them at checkout lets it go through (on the next read or the job's next run).
 */
export async function cancelMembership(
  deps: MembershipManagementDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<CancelMembershipResponse['data']> {
  const outcome = await requestCancellation(deps, auth.user.id, membershipId, now);
  if (outcome.state === 'awaiting_payment') await putDebtsInBasket(deps, auth);
  return {
    state: outcome.state,
    final_payment_date: outcome.finalPaymentDate ? membershipDate(outcome.finalPaymentDate) : null,
    final_day: outcome.finalDay ? membershipDate(outcome.finalDay) : null,
    checkout_required: outcome.state === 'awaiting_payment',
    membership: await describeOne(deps, membershipId, now),
  };
}

/**
 * The member's request to cancel, in one transaction with the membership row locked (a double
 * click or two tabs cannot cancel twice). For the API above, the seed and staff tools.
 */
export async function requestCancellation(
  deps: Pick<MembershipManagementDeps, 'db'>,
  userId: number,
  membershipId: number,
  now = new Date(),
): Promise<{ state: CancellationState; finalPaymentDate: string | null; finalDay: string | null }> {
  const detail = await findMembershipDetail(deps.db, membershipId);
  if (!detail || detail.membership.userId !== userId) throw AppError.notFound();
  const refuse = (message: string) => AppError.validation({ membership: [message] }, message);
  return deps.db.transaction(async (tx) => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) throw AppError.notFound();
    if (membership.status === 'cancelled' || membership.cancellationState === 'cancelled') {
      throw refuse(messages.alreadyCancelled);
    }
    if (membership.cancellationState === 'scheduled') throw refuse(messages.cancellationScheduled);
    if (!detail.type.managementEnabled || !canBeCancelled(membership)) {
      throw refuse(messages.notCancellable);
    }
    if (!detail.type.allowOnlineCancellation) throw refuse(refusalMessageOf(detail));
    if (await hasOutstandingPenalties(tx, userId)) {
      if (membership.cancellationState !== 'awaiting_payment') {
        await updateMembershipRow(tx, membership.id, {
          cancellationState: 'awaiting_payment',
          cancellationRequestedAt: now,
        });
      }
      return { state: 'awaiting_payment' as const, finalPaymentDate: null, finalDay: null };
    }
    await updateMembershipRow(tx, membership.id, {
      cancellationRequestedAt: membership.cancellationRequestedAt ?? now,
    });
    return carryOutCancellation(tx, detail, membership, localDateOf(now, zoneOf(detail)), now);
  });
}

/** Adds each unpaid penalty not yet in the member's basket as a `penalty` line (modules/cart). */
async function putDebtsInBasket(deps: MembershipManagementDeps, auth: Auth): Promise<void> {
  const cartDeps: CartDeps = { db: deps.db, config: deps.config, holds: deps.holds };
  const acting = await resolveActing(cartDeps, auth, undefined);
  const basket = await getCart(cartDeps, acting);
  const inBasket = new Set(
    basket.items.filter((item) => item.cartable_type === 'penalty').map((item) => item.cartable_id),
  );
  const missing = (await listPenalties(deps, auth)).filter((penalty) => !inBasket.has(penalty.id));
  // The basket takes at most 10 lines per add.
  for (let i = 0; i < missing.length; i += 10) {
    await addToCart(cartDeps, acting, {
      items: missing.slice(i, i + 10).map((penalty) => ({ id: penalty.id, type: 'penalty' as const })),
      source: 'my-account',
      membership_user_id: undefined,
      selected_user_id: undefined,
    });
  }
}

// ---- Eligibility documents ----------------------------------------------------------------------------

/**
 * `POST api/my-account/eligibility/document` (multipart): `document` (JPEG, PNG or PDF by content, at
 * most 20,000,000 bytes), `eligibility_document_type_id`, `membership_id`, `eligibility_criterion_id`.
 * Checks everything before the file is stored; the document waits for review (pending).
 */
export async function uploadEligibilityDocument(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  auth: Auth,
  form: MultipartForm,
  now = new Date(),
): Promise<MembershipDocument> {
  const parsed = zEligibilityDocumentFields.safeParse(form.fields);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'document');
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw AppError.validation(errors);
  }
  const fields = parsed.data;
  const detail = await ownMembership(deps, auth, fields.membership_id);
  const criterion = await criterionOf(deps.db, detail);
  if (!criterion) throw AppError.validation({ membership_id: [messages.documentNotNeeded] });
  const errors: FieldErrors = {};
  if (fields.eligibility_criterion_id !== undefined && fields.eligibility_criterion_id !== criterion.id) {
    errors.eligibility_criterion_id = [messages.criterionMismatch];
  }
  if (fields.eligibility_document_type_id === undefined) {
    errors.eligibility_document_type_id = [messages.documentTypeRequired];
  } else if (!criterion.documentTypes.some((row) => row.id === fields.eligibility_document_type_id)) {
    errors.eligibility_document_type_id = [messages.documentTypeInvalid];
  }
  if (form.file?.fieldName !== 'document' || form.file.buffer.length === 0) {
    if (!form.file?.truncated) errors.document = [messages.documentRequired];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const file = await checkUploadedFile(form, 'document', ['jpeg', 'png', 'pdf']);
  if (!file) throw AppError.validation({ document: [messages.documentRequired] });
  const documentTypeId = fields.eligibility_document_type_id as number;

  let storedName: string | undefined;
  try {
    const row = await deps.db.transaction(async (tx) => {
      // The membership's lock orders uploads against reviews and the suspension job.
      await lockMembership(tx, detail.membership.id);
      const upload = await storeUpload(tx, deps.config, {
        userId: auth.user.id,
        kind: 'eligibility_document',
        file,
      });
      storedName = upload.storedName;
      return insertDocument(tx, {
        clientId: detail.membership.clientId,
        membershipId: detail.membership.id,
        userId: auth.user.id,
        criterionId: criterion.id,
        documentTypeId,
        uploadId: upload.id,
        status: 'pending',
      });
    });
    const saved = await findDocumentDetail(deps.db, row.id);
    if (!saved) throw new Error('eligibility document not found after insert');
    return describeDocument(saved, localDateOf(now, zoneOf(detail)));
  } catch (error) {
    if (storedName) await discardStoredFile(deps.config, storedName);
    throw error;
  }
}

export interface ReviewedDocument extends MembershipDocument {
  membership_id: number;
  membership_status: string;
}

async function reviewDocument(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  reviewerId: number,
  documentId: number,
  decision: { approve: true; expiresOn?: string } | { approve: false; reason: string },
  now: Date,
): Promise<ReviewedDocument> {
  const client = await getCurrentClient(deps.db, deps.config);
  const result = await deps.db.transaction(async (tx) => {
    const found = await lockDocument(tx, documentId);
    if (!found || found.clientId !== client.id) throw AppError.notFound();
    // Same lock order as uploads: membership, then document.
    const membership = await lockMembership(tx, found.membershipId);
    const document = await lockDocument(tx, documentId);
    if (!membership || !document) throw AppError.notFound();
    if (document.status !== 'pending') {
      throw AppError.validation({ document: [messages.documentNotPending] }, messages.documentNotPending);
    }
    if (decision.approve) {
      await updateDocument(tx, document.id, {
        status: 'approved',
        reviewedByUserId: reviewerId,
        reviewedAt: now,
        expiresOn: decision.expiresOn ?? null,
      });
      // Approval lifts a suspension for a missing document, and starts a paid membership that waited for it.
      const lift =
        (membership.status === 'suspended' && membership.suspendedForDocument) || awaitingProof(membership);
      await updateMembershipRow(tx, membership.id, {
        requiresDocument: false,
        ...(lift ? { status: 'active' as const, suspendedForDocument: false } : {}),
      });
      return { membershipId: membership.id, status: lift ? 'active' : membership.status };
    }
    await updateDocument(tx, document.id, {
      status: 'rejected',
      rejectionReason: decision.reason,
      reviewedByUserId: reviewerId,
      reviewedAt: now,
    });
    return { membershipId: membership.id, status: membership.status };
  });
  const saved = await findDocumentDetail(deps.db, documentId);
  if (!saved) throw AppError.notFound();
  return {
    ...describeDocument(saved, localDateOf(now, defaultZone)),
    membership_id: result.membershipId,
    membership_status: result.status,
  };
}

/** The review queue: the operator's documents in a status (pending by default), oldest first. For staff and the CLI. */
export async function listEligibilityDocumentsForReview(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  status: MembershipDocument['status'] = 'pending',
  now = new Date(),
) {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listDocumentsForReview(deps.db, client.id, status);
  const today = localDateOf(now, defaultZone);
  return rows.map((row) => ({
    ...describeDocument(row, today),
    membership_id: row.document.membershipId,
    membership_status: row.membershipStatus,
    membership_type: row.membershipTypeName,
    customer: {
      id: row.customer.id,
      reference: row.customer.reference,
      name: `${row.customer.firstName} ${row.customer.lastName}`,
    },
  }));
}

/** Approves a pending document (lifts a suspension for an overdue document). For staff tools and the CLI. */
export async function approveEligibilityDocument(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  reviewerId: number,
  documentId: number,
  body: { expires_on?: string } | undefined = undefined,
  now = new Date(),
): Promise<ReviewedDocument> {
  return reviewDocument(deps, reviewerId, documentId, { approve: true, expiresOn: body?.expires_on }, now);
}

/** Rejects a pending document with a reason the member sees. For staff tools and the CLI. */
export async function rejectEligibilityDocument(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  reviewerId: number,
  documentId: number,
  body: unknown,
  now = new Date(),
): Promise<ReviewedDocument> {
  const parsed = zRejectEligibilityDocumentRequest.safeParse(body);
  if (!parsed.success) {
    throw AppError.validation({ reason: [parsed.error.issues[0]?.message ?? messages.reasonRequired] });
  }
  return reviewDocument(deps, reviewerId, documentId, { approve: false, reason: parsed.data.reason }, now);
}

// ---- The auth user's document flags ------------------------------------------------------------------

/**
 * `GET auth/user`'s `document_expiry` (approved documents that expire: days to go), and
 * `membership_document_upload_required` (any membership asks for a document now).
 */
export async function eligibilityFlagsOf(
  deps: Pick<MembershipManagementDeps, 'db' | 'config'>,
  userId: number,
  now = new Date(),
): Promise<{
  documentExpiry: {
    membership_id: number;
    expired: boolean;
    document_expiring_soon: boolean;
    days_to_expiry: number;
  }[];
  uploadRequired: boolean;
}> {
  const details = await listMembershipDetailsOfUser(deps.db, userId);
  const needing = details.filter((detail) => detail.type.eligibility?.requiresDocument);
  if (needing.length === 0) return { documentExpiry: [], uploadRequired: false };
  const documents = await listDocumentsOfMemberships(
    deps.db,
    needing.map((detail) => detail.membership.id),
  );
  const documentExpiry = [];
  let required = false;
  for (const detail of needing) {
    const today = localDateOf(now, zoneOf(detail));
    const latest = documents.find((row) => row.document.membershipId === detail.membership.id);
    const document = latest ? describeDocument(latest, today) : null;
    if (uploadRequired(detail, await criterionOf(deps.db, detail), document)) required = true;
    if (latest?.document.expiresOn && latest.document.status === 'approved') {
      const days = Math.round(
        (Date.parse(`${latest.document.expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) /
          86_400_000,
      );
      documentExpiry.push({
        membership_id: detail.membership.id,
        expired: days < 0,
        document_expiring_soon: days >= 0 && days <= expiringSoonDays,
        days_to_expiry: days,
      });
    }
  }
  return { documentExpiry, uploadRequired: required };
}

// ---- Jobs ---------------------------------------------------------------------------------------------

/** At most this many memberships per job step and run; the next run takes the rest. */
const jobBatch = 200;

/**
 * Cancellations waiting for debts whose member owes nothing now: carried out as if asked for on the
 * day they were requested. Rows are locked with SKIP LOCKED, so replicas (and a read racing the job)
 * never carry one out twice; the state is re-read under the lock.
 */
export async function completePaidUpCancellations(db: Database, now: Date, userId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockPaidUpCancellations(tx, jobBatch, userId);
    for (const membership of rows) {
      const detail = await findMembershipDetail(tx, membership.id);
      if (!detail) continue;
      const requestedOn = localDateOf(membership.cancellationRequestedAt ?? now, zoneOf(detail));
      await carryOutCancellation(tx, detail, membership, requestedOn, now);
    }
    return rows.length;
  });
}

/** Memberships cancelled with notice whose final day has passed become cancelled; their debits stop. */
export async function endCancelledMemberships(db: Database, now: Date): Promise<number> {
  const today = localDateOf(now, defaultZone);
  return db.transaction(async (tx) => {
    const rows = await lockEndedCancellations(tx, today, jobBatch);
    for (const membership of rows) {
      await updateMembershipRow(tx, membership.id, {
        status: 'cancelled',
        cancellationState: 'cancelled',
        cancelledAt: now,
      });
      await cancelCollections(tx, membership.id, now);
    }
    return rows.length;
  });
}

/**
 * Active memberships whose proof of eligibility is overdue (no approved document by the due day:
 * `document_due_date`, else start date + the client's `eligibility_days_allowance`) are suspended;
 * approving a document lifts it.
 */
export async function suspendOverdueDocumentMemberships(
  db: Database,
  config: Config,
  now: Date,
): Promise<number> {
  const client = await getCurrentClient(db, config);
  const today = localDateOf(now, defaultZone);
  return db.transaction(async (tx) => {
    const rows = await lockOverdueDocumentMemberships(
      tx,
      client.id,
      today,
      client.eligibilityDaysAllowance,
      jobBatch,
    );
    for (const membership of rows) {
      await updateMembershipRow(tx, membership.id, { status: 'suspended', suspendedForDocument: true });
    }
    return rows.length;
  });
}

export interface MembershipJobRun {
  completed: number;
  ended: number;
  suspended: number;
}

/** One run of the membership jobs with a chosen `now` (tests call this directly). */
export async function runMembershipJobs(db: Database, config: Config, now: Date): Promise<MembershipJobRun> {
  const completed = await completePaidUpCancellations(db, now);
  const ended = await endCancelledMemberships(db, now);
  const suspended = await suspendOverdueDocumentMemberships(db, config, now);
  return { completed, ended, suspended };
}
