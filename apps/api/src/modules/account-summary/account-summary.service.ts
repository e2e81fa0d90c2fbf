import type { AuthUser } from '@leisure/contract/auth';
import { formatMoney } from '@leisure/contract/money';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { generalCreditOf } from '../credit/credit.service';
import { instructionFlagsOf } from '../direct-debit/direct-debit.service';
import { profilePhotoOf } from '../documents/documents.service';
import { eligibilityFlagsOf } from '../eligibility-documents/eligibility-documents.service';
import { membershipDate } from '../membership-lifecycle/membership-lifecycle.presenters';
import { getCurrentClient } from '../operator/operator.service';
import { hasOutstandingPenalties } from '../payments/payments.service';
import type { Auth } from '../session/session';

/**
 * The account summary behind `GET auth/user`: a composer above the domains, so that no domain
 * (and not the session foundation) imports credit, direct debit, documents or payments.
 */

export interface AccountSummaryDeps {
  db: Database;
  config: Config;
}

/** The signed-in user as `GET auth/user` answers it; the session lookup already joined the rest. */
export async function describeUser(
  deps: AccountSummaryDeps,
  { user, membershipUserId, homeVenueSlug }: Pick<Auth, 'user' | 'membershipUserId' | 'homeVenueSlug'>,
): Promise<AuthUser> {
  const isStaff = user.role === 'staff';
  // Independent reads, so they run side by side: the dashboard asks for this on every page load.
  const [client, credit, instruction, documents, hasPenalties] = await Promise.all([
    getCurrentClient(deps.db, deps.config),
    isStaff ? 0 : generalCreditOf(deps.db, user.id),
    isStaff ? { hasInstruction: false, hasBillingDate: false } : instructionFlagsOf(deps.db, user.id),
    // Eligibility documents of the member's memberships (modules/eligibility-documents).
    isStaff
      ? { documentExpiry: [], uploadRequired: false, firstDocumentDue: null }
      : eligibilityFlagsOf({ db: deps.db, config: deps.config }, user.id),
    isStaff ? false : hasOutstandingPenalties(deps.db, user.id),
  ]);
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
