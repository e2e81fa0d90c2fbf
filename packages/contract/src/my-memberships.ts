import { z } from 'zod';
import { zCalendarDate } from './dates';
import { zId } from './ids';
import { zPaymentType } from './memberships';

/**
 * My memberships (my-account.md 2.6, 2.7, 3 "Membership" and "Cancel info", 7): the list, the
 * cancel info and cancellation, eligibility documents and the staff review of them. Wire keys are
 * snake_case; dates are `{ full_date: 'D MMM YYYY', raw: 'YYYY-MM-DD' }`.
 */

export const membershipManagementMessages = {
  alreadyCancelled: 'This membership is already cancelled.',
  cancellationScheduled: 'This membership is already due to be cancelled.',
  awaitingPayment: 'This membership will be cancelled once your outstanding debts are paid.',
  notCancellable: 'This membership cannot be cancelled.',
  cannotCancelOnline: 'This membership cannot be cancelled online',
  defaultRefusal: 'Please contact your centre to cancel this membership.',
  documentTypeRequired: 'Please choose a document type.',
  documentTypeInvalid: 'This document type is not accepted for this membership.',
  documentRequired: 'Please choose a file to upload.',
  documentNotNeeded: 'This membership does not need an eligibility document.',
  documentNotNow:
    'An eligibility document cannot be uploaded for this membership now: it is cancelled, expired, not yet paid for, or suspended for a reason other than an overdue document.',
  managementDisabled: 'Unable to manage your membership at this time.',
  documentAlreadyApproved: 'Your eligibility document has already been approved.',
  criterionMismatch: 'This eligibility criterion does not belong to this membership.',
  documentNotPending: 'This document has already been reviewed.',
  reasonRequired: 'Please give a reason.',
  reasonTooLong: 'The reason must be 500 characters or fewer.',
} as const;

/** A calendar day: full_date 'D MMM YYYY' to show, raw 'YYYY-MM-DD'. */
export const zMembershipDate = z.object({ full_date: z.string(), raw: z.string() });
export type MembershipDate = z.infer<typeof zMembershipDate>;

/** Statuses a member sees (spec 3 "Membership statuses seen"); list order pending, active, frozen, others. */
export const myMembershipStatuses = [
  'pending',
  'active',
  'frozen',
  'cancelled',
  'suspended',
  'expired',
  'freeze pending',
  'freeze pending approval',
] as const;
export const zMyMembershipStatus = z.enum(myMembershipStatuses);
export type MyMembershipStatus = z.infer<typeof zMyMembershipStatus>;

export const eligibilityDocumentStatuses = ['pending', 'approved', 'rejected'] as const;
export const zEligibilityDocumentStatus = z.enum(eligibilityDocumentStatuses);
export type EligibilityDocumentStatus = z.infer<typeof zEligibilityDocumentStatus>;

/** Where a cancellation stands: scheduled (notice running), waiting for debts, or done. */
export const cancellationStates = ['scheduled', 'awaiting_payment', 'cancelled'] as const;
export const zCancellationState = z.enum(cancellationStates);
export type CancellationState = z.infer<typeof zCancellationState>;

export const zDocumentType = z.object({ id: z.number().int(), name: z.string() });

export const zEligibilityCriterion = z.object({
  id: z.number().int(),
  /** 'Student', 'Concession' */
  name: z.string(),
  document_types: z.array(zDocumentType),
});

/** The member's latest eligibility document for a membership. */
export const zMembershipDocument = z.object({
  id: z.number().int(),
  status: zEligibilityDocumentStatus,
  rejection_reason: z.string().nullable(),
  type: zDocumentType,
  uploaded_at: z.string(),
  /** GET api/my-account/uploads/{upload_id} downloads it (owner only). */
  upload_id: z.number().int(),
  document_expiry: z.object({
    date: zMembershipDate.nullable(),
    /** Within 30 days of its expiry. */
    document_expiring_soon: z.boolean(),
    expired: z.boolean(),
  }),
});
export type MembershipDocument = z.infer<typeof zMembershipDocument>;

export const zMyMembershipBenefit = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** null: no limit */
  remaining_uses: z.number().int().nullable(),
  renews_at: zMembershipDate.nullable(),
});

export const zMyMembership = z.object({
  id: z.number().int(),
  /** 'MEM-000123' */
  reference: z.string(),
  status: zMyMembershipStatus,
  /** A line under the status: 'Cancels on 3 Jan 2027', 'Document overdue', or null. */
  status_info: z.string().nullable(),
  membership_type: z.object({
    id: z.number().int(),
    name: z.string(),
    coverage: z.string(),
    eligibility_criterion: zEligibilityCriterion.nullable(),
  }),
  home_venue: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  start_date: zMembershipDate,
  expires_at: zMembershipDate.nullable(),
  benefits: z.array(zMyMembershipBenefit),
  price: z.object({ raw: z.number().int(), formatted: z.string() }),
  next_payment_date: zMembershipDate.nullable(),
  document: zMembershipDocument.nullable(),
  /** spec 4 "Document upload": the member should upload (again) now. */
  document_upload_required: z.boolean(),
  /** The day the first document is due (joining + eligibility_days_allowance). */
  document_due_date: zMembershipDate.nullable(),
  /** An upload is required, none has been made, and the due day has passed. */
  document_overdue: z.boolean(),
  cancellation: z
    .object({
      state: zCancellationState,
      requested_at: z.string(),
      final_payment_date: zMembershipDate.nullable(),
      final_day: zMembershipDate.nullable(),
    })
    .nullable(),
  management_enabled: z.boolean(),
  freezable: z.boolean(),
  /** A freeze request waits for approval (the freeze button is disabled with 'Membership freeze is pending'). */
  freeze_pending: z.boolean(),
  cancellable: z.boolean(),
  renewable: z.boolean(),
  can_renew: z.boolean(),
  renew_forbid_reason: z.string().nullable(),
  can_change: z.boolean(),
  cannot_change_reason: z.string().nullable(),
  /** The type's slug (the renew route's selectedMembershipSlug). */
  slug: z.string(),
  payment_type: zPaymentType,
  payment_option_id: z.number().int(),
});
export type MyMembership = z.infer<typeof zMyMembership>;

// ---- GET api/my-account/user/memberships ---------------------------------------------------------

export const zMyMembershipsResponse = z.object({ data: z.array(zMyMembership) });
export type MyMembershipsResponse = z.infer<typeof zMyMembershipsResponse>;

// ---- GET / POST api/memberships/{membershipId}/cancel --------------------------------------------

export const zMembershipIdParams = z.object({ membershipId: zId });

export const zOutstandingPenalty = z.object({
  id: z.number().int(),
  /** 'Late cancellation fee' */
  type: z.string(),
  fee_amount: z.object({ amount: z.number().int(), formatted: z.string() }),
  /** Centre name, '' when none. */
  venue: z.string(),
  /** The session's name, '' when none. */
  session: z.string(),
  /** 'DD/MM/YYYY HH:mm' of the session, or of the fee when there is none. */
  created_at: z.string(),
});
export type OutstandingPenalty = z.infer<typeof zOutstandingPenalty>;

export const zCancelInfo = z.object({
  membership_id: z.number().int(),
  allow_online_membership_cancellation: z.boolean(),
  membership_cancellation_refusal_message: z.string().nullable(),
  outstanding_penalties_due: z.array(zOutstandingPenalty),
  has_outstanding_penalties_due: z.boolean(),
  total_owed: z.object({ amount: z.number().int(), formatted: z.string() }),
  payment_type: zPaymentType,
  /** null for fixed (paid in full) memberships. */
  recurring: z
    .object({
      /** days */
      cancellation_notice_period: z.number().int(),
      earliest_final_payment_date: zMembershipDate.nullable(),
      earliest_final_day_of_membership: zMembershipDate,
      cancellation_notice_required: z.boolean(),
    })
    .nullable(),
});
export type CancelInfo = z.infer<typeof zCancelInfo>;
export const zCancelInfoResponse = z.object({ data: zCancelInfo });

/**
 * POST answer. `cancelled`: ended now (paid in full). `scheduled`: ends on final_day, no collection
 * after final_payment_date. `awaiting_payment`: the debts are in the basket; pay them at
 * /basket/checkout and the cancellation goes through.
 */
export const zCancelMembershipResponse = z.object({
  data: z.object({
    state: zCancellationState,
    final_payment_date: zMembershipDate.nullable(),
    final_day: zMembershipDate.nullable(),
    checkout_required: z.boolean(),
    membership: zMyMembership,
  }),
});
export type CancelMembershipResponse = z.infer<typeof zCancelMembershipResponse>;

// ---- POST api/my-account/eligibility/document (multipart) ----------------------------------------

/** The text fields of the multipart body (the file is `document`). */
export const zEligibilityDocumentFields = z.object({
  eligibility_document_type_id: z.preprocess((value) => (value === '' ? undefined : value), zId.optional()),
  membership_id: zId,
  eligibility_criterion_id: z.preprocess((value) => (value === '' ? undefined : value), zId.optional()),
});

export const zEligibilityDocumentResponse = z.object({ data: zMembershipDocument });

// ---- Staff review: POST api/staff/eligibility-documents/{documentId}/approve | /reject --------

export const zEligibilityDocumentIdParams = z.object({ documentId: zId });
export const zRejectEligibilityDocumentRequest = z.object({
  reason: z
    .string({ error: membershipManagementMessages.reasonRequired })
    .trim()
    .min(1, membershipManagementMessages.reasonRequired)
    .max(500, membershipManagementMessages.reasonTooLong),
});
export const zApproveEligibilityDocumentRequest = z
  .object({
    /** Optional expiry of the proof, 'YYYY-MM-DD'. */
    expires_on: zCalendarDate('Date must be valid.').optional(),
  })
  .optional();
export const zStaffEligibilityDocumentResponse = z.object({
  data: zMembershipDocument.extend({
    membership_id: z.number().int(),
    membership_status: z.string(),
  }),
});

export const zStaffEligibilityDocumentsQuery = z.object({
  status: zEligibilityDocumentStatus.default('pending'),
});
export const zStaffEligibilityDocumentsResponse = z.object({
  data: z.array(
    zMembershipDocument.extend({
      membership_id: z.number().int(),
      membership_status: z.string(),
      membership_type: z.string(),
      customer: z.object({ id: z.number().int(), reference: z.string().nullable(), name: z.string() }),
    }),
  ),
});
