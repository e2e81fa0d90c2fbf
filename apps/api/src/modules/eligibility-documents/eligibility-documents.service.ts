import {
  type MembershipDocument,
  type MyMembership,
  membershipManagementMessages as messages,
  zEligibilityDocumentFields,
  zRejectEligibilityDocumentRequest,
} from '@leisure/contract/my-memberships';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MembershipEligibility } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { addDays, localDateOf, localDayBounds } from '../../lib/dates';
import {
  awaitingProof,
  listMembershipsWithTypeOfUser,
  lockMembership,
  type MembershipDetailRow,
  type MembershipRow,
  ownMembershipDetail,
  zoneOf,
} from '../membership-lifecycle/membership-lifecycle.service';
import { setMembershipProofState } from '../membership-lifecycle/membership-states.service';
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
import { describeDocument, expiringSoonDays } from './eligibility-documents.presenters';
import {
  type DocumentRow,
  type DocumentTypeRow,
  deleteDocumentsOtherThan,
  deleteReplacedDocuments,
  ensureDocumentTypes,
  findDocumentDetail,
  insertDocument,
  listDocumentsForReview,
  listDocumentsOfMemberships,
  lockDocument,
  lockOverdueDocumentMemberships,
  updateDocument,
} from './eligibility-documents.repository';

/**
 * Proof of eligibility for a membership (my-account.md 2.7): the member uploads a document, staff
 * approve or reject it, a membership without one past its due day is suspended, and approval lifts
 * the suspension (or starts a paid membership that waited for it).
 */

export interface EligibilityDocumentsDeps {
  db: Database;
  config: Config;
}

// ---- What a membership needs -------------------------------------------------------------------------

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

/**
 * Whether a membership may take a document now (my-account.md 4 "Document upload"): management is
 * on, and the membership is not pending, cancelled, suspended or expired. Two departures from the
 * spec (docs/decisions/052): a paid membership waiting for its proof (pending, activated, proof
 * required) and one suspended *because* its proof is overdue (`suspendedForDocument`, set only by the
 * overdue job) take one, since the upload is what moves them on. Any other suspension is refused.
 * Null: allowed; otherwise the refusal.
 */
function uploadRefusal(detail: MembershipDetailRow): string | null {
  if (!detail.type.managementEnabled) return messages.managementDisabled;
  const { membership } = detail;
  const blocked = ['pending', 'cancelled', 'suspended', 'expired'].includes(membership.status);
  const waitingForDocument =
    awaitingProof(membership) || (membership.status === 'suspended' && membership.suspendedForDocument);
  if ((blocked && !waitingForDocument) || membership.cancellationState === 'cancelled') {
    return messages.documentNotNow;
  }
  return null;
}

/** No document yet, or the latest is rejected, expired or expiring soon. */
function documentWanted(document: MembershipDocument | null): boolean {
  if (!document) return true;
  return (
    document.status === 'rejected' ||
    document.document_expiry.expired ||
    document.document_expiry.document_expiring_soon
  );
}

/** my-account.md 4: the type asks for proof, the membership may take one, and a document is wanted. */
function uploadRequired(
  detail: MembershipDetailRow,
  criterion: Criterion | null,
  document: MembershipDocument | null,
): boolean {
  return criterion !== null && uploadRefusal(detail) === null && documentWanted(document);
}

/** Due `eligibility_days_allowance` days after joining (checkout), unless set. */
function documentDueDateOf(membership: MembershipRow, allowanceDays: number, zone: string): string {
  const joined = membership.activatedAt ? localDateOf(membership.activatedAt, zone) : membership.startDate;
  return membership.documentDueDate ?? addDays(joined, allowanceDays);
}

/** What a membership card shows about proof of eligibility. */
export interface MembershipEligibilityState {
  criterion: MyMembership['membership_type']['eligibility_criterion'];
  /** The latest document, if any. */
  document: MembershipDocument | null;
  uploadRequired: boolean;
  /** 'YYYY-MM-DD', when the type asks for proof. */
  dueDate: string | null;
  /**
   * The first document's deadline while it is still awaited (an upload is required and none was
   * made), and whether it has passed: what the card and the dashboard both say.
   */
  firstDocumentDue: { date: string; overdue: boolean } | null;
}

/**
 * The eligibility state of each membership (keyed by id): its criterion and document types, its
 * latest document, whether the card should ask for one, and by when. Judged on each membership's
 * local day; `allowanceDays` is the operator's `eligibility_days_allowance`.
 */
export async function eligibilityOfMemberships(
  db: Database,
  details: MembershipDetailRow[],
  now: Date,
  allowanceDays: number,
): Promise<Map<number, MembershipEligibilityState>> {
  const documents = await listDocumentsOfMemberships(
    db,
    details.map((detail) => detail.membership.id),
  );
  const result = new Map<number, MembershipEligibilityState>();
  for (const detail of details) {
    const { membership } = detail;
    const today = localDateOf(now, zoneOf(detail));
    const criterion = await criterionOf(db, detail);
    const latest = documents.find((row) => row.document.membershipId === membership.id);
    const document = latest ? describeDocument(latest, today) : null;
    const required = uploadRequired(detail, criterion, document);
    const dueDate = criterion ? documentDueDateOf(membership, allowanceDays, zoneOf(detail)) : null;
    result.set(membership.id, {
      criterion: criterion
        ? {
            id: criterion.id,
            name: criterion.name,
            document_types: criterion.documentTypes.map((row) => ({ id: row.id, name: row.name })),
          }
        : null,
      document,
      uploadRequired: required,
      dueDate,
      firstDocumentDue:
        required && !document && dueDate !== null ? { date: dueDate, overdue: dueDate < today } : null,
    });
  }
  return result;
}

// ---- Upload and review ----------------------------------------------------------------------------------

/**
 * `POST api/my-account/eligibility/document` (multipart): `document` (JPEG, PNG or PDF by content, at
 * most 20,000,000 bytes), `eligibility_document_type_id`, `membership_id`, `eligibility_criterion_id`.
 * Checks everything before the file is stored; the document waits for review (pending).
 */
export async function uploadEligibilityDocument(
  deps: EligibilityDocumentsDeps,
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
  const detail = await ownMembershipDetail(deps, auth, fields.membership_id);
  const criterion = await criterionOf(deps.db, detail);
  if (!criterion) throw AppError.validation({ membership_id: [messages.documentNotNeeded] });
  const refusal = uploadRefusal(detail);
  if (refusal) throw AppError.validation({ membership_id: [refusal] }, refusal);
  // A document waiting for review may be replaced; an approved one still in date is not asked for.
  const [latest] = await listDocumentsOfMemberships(deps.db, [detail.membership.id]);
  const latestDocument = latest ? describeDocument(latest, localDateOf(now, zoneOf(detail))) : null;
  if (latestDocument?.status === 'approved' && !documentWanted(latestDocument)) {
    throw AppError.validation(
      { membership_id: [messages.documentAlreadyApproved] },
      messages.documentAlreadyApproved,
    );
  }
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
  const file = await checkUploadedFile(deps.config, form, 'document', ['jpeg', 'png', 'pdf']);
  if (!file) throw AppError.validation({ document: [messages.documentRequired] });
  const documentTypeId = fields.eligibility_document_type_id as number;

  let storedName: string | undefined;
  let replacedFiles: string[] = [];
  try {
    const row = await deps.db.transaction(async (tx) => {
      // The membership's lock orders uploads against reviews and the suspension job.
      await lockMembership(tx, detail.membership.id);
      // At most one document waits for review per membership: the new one replaces it, and any
      // rejected one, files and all (before the quota is counted).
      replacedFiles = await deleteUploadRows(tx, await deleteReplacedDocuments(tx, detail.membership.id));
      const upload = await storeUpload(tx, deps.config, {
        userId: auth.user.id,
        kind: 'eligibility_document',
        file,
        field: 'document',
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
    storedName = undefined;
    await discardStoredFiles(deps.config, replacedFiles);
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
  deps: EligibilityDocumentsDeps,
  reviewerId: number,
  documentId: number,
  decision: { approve: true; expiresOn?: string } | { approve: false; reason: string },
  now: Date,
): Promise<ReviewedDocument> {
  const client = await getCurrentClient(deps.db, deps.config);
  let replacedFiles: string[] = [];
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
      // The approved document replaces the membership's earlier ones: their files go.
      replacedFiles = await deleteUploadRows(
        tx,
        await deleteDocumentsOtherThan(tx, membership.id, document.id),
      );
      // Approval lifts a suspension for a missing document, and starts a paid membership that waited for it.
      const lift =
        (membership.status === 'suspended' && membership.suspendedForDocument) || awaitingProof(membership);
      await setMembershipProofState(tx, membership.id, {
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
  await discardStoredFiles(deps.config, replacedFiles);
  const saved = await findDocumentDetail(deps.db, documentId);
  if (!saved) throw AppError.notFound();
  return {
    ...describeDocument(saved, localDateOf(now, client.timezone)),
    membership_id: result.membershipId,
    membership_status: result.status,
  };
}

/** The review queue: the operator's documents in a status (pending by default), oldest first. For staff and the CLI. */
export async function listEligibilityDocumentsForReview(
  deps: EligibilityDocumentsDeps,
  status: MembershipDocument['status'] = 'pending',
  now = new Date(),
) {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listDocumentsForReview(deps.db, client.id, status);
  const today = localDateOf(now, client.timezone);
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
  deps: EligibilityDocumentsDeps,
  reviewerId: number,
  documentId: number,
  body: { expires_on?: string } | undefined = undefined,
  now = new Date(),
): Promise<ReviewedDocument> {
  return reviewDocument(deps, reviewerId, documentId, { approve: true, expiresOn: body?.expires_on }, now);
}

/** Rejects a pending document with a reason the member sees. For staff tools and the CLI. */
export async function rejectEligibilityDocument(
  deps: EligibilityDocumentsDeps,
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
  deps: EligibilityDocumentsDeps,
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
  firstDocumentDue: MembershipEligibilityState['firstDocumentDue'];
  /** The last instant these flags hold as time passes (the day changes for a membership); null: always. */
  sameUntil: Date | null;
}> {
  const details = await listMembershipsWithTypeOfUser(deps.db, userId);
  const needing = details.filter((detail) => detail.type.eligibility?.requiresDocument);
  if (needing.length === 0)
    return { documentExpiry: [], uploadRequired: false, firstDocumentDue: null, sameUntil: null };
  const client = await getCurrentClient(deps.db, deps.config);
  const states = await eligibilityOfMemberships(deps.db, needing, now, client.eligibilityDaysAllowance);
  const documents = await listDocumentsOfMemberships(
    deps.db,
    needing.map((detail) => detail.membership.id),
  );
  const documentExpiry = [];
  let required = false;
  let firstDocumentDue: MembershipEligibilityState['firstDocumentDue'] = null;
  let sameUntil = Number.POSITIVE_INFINITY;
  for (const detail of needing) {
    const today = localDateOf(now, zoneOf(detail));
    // Every flag is judged on the membership's local day: they hold until just before its next one.
    sameUntil = Math.min(sameUntil, localDayBounds(today, zoneOf(detail)).to.getTime() - 1);
    const state = states.get(detail.membership.id);
    if (state?.uploadRequired) required = true;
    // The earliest deadline is the one the dashboard gives (each card gives its own).
    if (
      state?.firstDocumentDue &&
      (!firstDocumentDue || state.firstDocumentDue.date < firstDocumentDue.date)
    ) {
      firstDocumentDue = state.firstDocumentDue;
    }
    const latest = documents.find((row) => row.document.membershipId === detail.membership.id);
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
  return { documentExpiry, uploadRequired: required, firstDocumentDue, sameUntil: new Date(sameUntil) };
}

// ---- Jobs ---------------------------------------------------------------------------------------------

/** At most this many memberships per run; the next run takes the rest. */
const jobBatch = 200;

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
  // The operator's date (decision 064); each membership's activation day in its own zone.
  const today = localDateOf(now, client.timezone);
  return db.transaction(async (tx) => {
    const rows = await lockOverdueDocumentMemberships(
      tx,
      client.id,
      today,
      client.eligibilityDaysAllowance,
      jobBatch,
      client.timezone,
    );
    for (const membership of rows) {
      await setMembershipProofState(tx, membership.id, { status: 'suspended', suspendedForDocument: true });
    }
    return rows.length;
  });
}

// ---- Documents made outside the API (the seed's demo members) -------------------------------------------

/** The operator's document types of these names, created when missing, in the order of the names. */
export async function findOrCreateDocumentTypes(
  db: Database,
  clientId: number,
  names: string[],
): Promise<DocumentTypeRow[]> {
  return ensureDocumentTypes(db, clientId, names);
}

/** A document as it stands after upload (pending) or review (approved or rejected, by whom and when). */
export async function recordEligibilityDocument(
  db: Database,
  values: Pick<
    DocumentRow,
    'clientId' | 'membershipId' | 'userId' | 'criterionId' | 'documentTypeId' | 'uploadId' | 'status'
  > &
    Partial<
      Pick<DocumentRow, 'rejectionReason' | 'reviewedByUserId' | 'reviewedAt' | 'expiresOn' | 'createdAt'>
    >,
): Promise<DocumentRow> {
  return insertDocument(db, values);
}
