import type { AuthUser } from '@leisure/contract/auth';
import { formatMoney } from '@leisure/contract/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { readListVersion } from '../../db/list-versions';
import { VersionedAnswers } from '../../lib/versioned-answers';
import { generalCreditOf } from '../credit/credit.service';
import { instructionFlagsOf } from '../direct-debit/direct-debit.service';
import { profilePhotoOf } from '../documents/documents.service';
import { eligibilityFlagsOf } from '../eligibility-documents/eligibility-documents.service';
import { membershipDate } from '../membership-lifecycle/membership-lifecycle.presenters';
import { getCurrentClient } from '../operator/operator.service';
import { hasOutstandingPenalties } from '../penalties/penalties.service';
import { isStaffRole } from '../session/permissions';
import type { Auth } from '../session/session';

/**
 * The account summary behind `GET auth/user`: a composer above the domains, so that no domain
 * (and not the session foundation) imports credit, direct debit, documents or payments.
 */

export interface AccountSummaryDeps {
  db: Database;
  config: Config;
}

interface AccountFlags {
  credit: number;
  instruction: { hasInstruction: boolean; hasBillingDate: boolean };
  documents: Omit<Awaited<ReturnType<typeof eligibilityFlagsOf>>, 'sameUntil'>;
  hasPenalties: boolean;
}

/**
 * What auth/user reads from the customer's own rows, kept per process with the version of those rows
 * (db/list-versions: database triggers move it on any change to them, decision 022). The dashboard
 * asks on every page load, and on the embedded PGlite, which runs one query at a time, the four reads
 * were most of the call: a kept answer costs the one version read.
 */
const keptFlags = new VersionedAnswers<AccountFlags>(1024);

async function accountFlagsOf(
  deps: AccountSummaryDeps,
  userId: number,
  allowanceDays: number,
  now: Date,
): Promise<AccountFlags> {
  const version = await readListVersion(deps.db, userId);
  // The operator's allowance decides the document deadlines, and comes from its own (cached) row.
  const key = `${userId}:${allowanceDays}`;
  const kept = keptFlags.get(deps.db, key, version, now);
  if (kept !== undefined) return kept;
  // Read after the version: a change committed in between moves it on, so the next call reads again.
  const [credit, instruction, { sameUntil, ...documents }, hasPenalties] = await Promise.all([
    generalCreditOf(deps.db, userId),
    instructionFlagsOf(deps.db, userId),
    eligibilityFlagsOf({ db: deps.db, config: deps.config }, userId, now),
    hasOutstandingPenalties(deps.db, userId),
  ]);
  const flags = { credit, instruction, documents, hasPenalties };
  keptFlags.set(deps.db, key, { version, body: flags, builtAt: now, validUntil: sameUntil });
  return flags;
}

const staffFlags: AccountFlags = {
  credit: 0,
  instruction: { hasInstruction: false, hasBillingDate: false },
  documents: { documentExpiry: [], uploadRequired: false, firstDocumentDue: null },
  hasPenalties: false,
};

/** The signed-in user as `GET auth/user` answers it; the session lookup already joined the rest. */
export async function describeUser(
  deps: AccountSummaryDeps,
  { user, membershipUserId, homeVenueSlug }: Pick<Auth, 'user' | 'membershipUserId' | 'homeVenueSlug'>,
  now = new Date(),
): Promise<AuthUser> {
  const isStaff = isStaffRole(user.role);
  const client = await getCurrentClient(deps.db, deps.config);
  const { credit, instruction, documents, hasPenalties } = isStaff
    ? staffFlags
    : await accountFlagsOf(deps, user.id, client.eligibilityDaysAllowance, now);
  return {
    id: user.id,
    reference: user.reference,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    home_venue_slug: homeVenueSlug,
    membership_user: membershipUserId === null ? null : { id: membershipUserId },
    // General credit from the credit ledger (docs/decisions/007). Penalties and documents arrive
    // with the account issues; until then a customer has none.
    credit: { balance: credit, formatted_balance: formatMoney(credit, client.currency) },
    // A live direct debit mandate, and an active monthly schedule on it (docs/decisions/009).
    has_instruction: instruction.hasInstruction,
    has_billing_date: instruction.hasBillingDate,
    has_outstanding_penalties: hasPenalties,
    document_expiry: documents.documentExpiry,
    membership_document_upload_required: documents.uploadRequired,
    days_allowance_to_upload_eligibility_document: client.eligibilityDaysAllowance,
    eligibility_document_due: documents.firstDocumentDue
      ? {
          ...membershipDate(documents.firstDocumentDue.date),
          overdue: documents.firstDocumentDue.overdue,
        }
      : null,
    // Allowed by the operator's setting; the photo and the reminder from the user's row (issue 5).
    profile_photo: profilePhotoOf(user, client),
    is_staff: isStaff,
    currency: isStaff ? user.currency : client.currency,
  };
}
