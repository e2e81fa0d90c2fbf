import { z } from 'zod';
import { zId } from './ids';
import { zIsoDate } from './memberships';

/**
 * Freezing a membership (my-account.md 2.6, 3 "Freeze types", "Freeze selection"; the API module
 * `freezes`): the freeze types, a member's request and the staff review. Wire keys are snake_case;
 * dates `YYYY-MM-DD`.
 */

export const freezeMessages = {
  freezeTypeRequired: 'Please choose a reason.',
  freezeTypeInvalid: 'This reason is not offered.',
  startDateRequired: 'Please choose a start date.',
  startDateOutOfRange: 'The start date must be between {min} and {max}.',
  startDatePast: 'The start date cannot be in the past.',
  monthsRequired: 'Please choose a time period.',
  monthsInvalid: 'This time period is not offered for this reason.',
  proofRequired: 'Proof of eligibility is required for this reason.',
  freezePending: 'Membership freeze is pending',
  notFreezable: 'Membership is not freezable',
  freezeNotPending: 'This freeze request has already been reviewed.',
  reasonRequired: 'Please give a reason.',
} as const;

// ---- GET api/my-account/user/memberships/{membershipId}/freezetypes --------------------------------

export const zFreezeType = z.object({
  id: z.number().int(),
  /** 'Medical' */
  reason: z.string(),
  /** Labels whose first word is the number of months: '1 month', '3 months'. */
  time_periods: z.array(z.string()),
  /** Present when the reason needs a document. */
  proof_of_eligibility: z.object({ description: z.string(), document_type: z.string() }).nullable(),
});
export type FreezeType = z.infer<typeof zFreezeType>;

export const zFreezeTypesResponse = z.object({
  data: z.object({
    freeze_types: z.array(zFreezeType),
    min_freeze_start_date: z.string(),
    max_freeze_start_date: z.string(),
  }),
});
export type FreezeTypesResponse = z.infer<typeof zFreezeTypesResponse>;

// ---- POST api/my-account/user/memberships/{membershipId}/freeze (multipart) -------------------------

/** The text fields of the multipart form; `file` is read separately. Messages are the spec's fields. */
export const zFreezeRequestFields = z.object({
  freeze_type_id: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: freezeMessages.freezeTypeRequired }).int().positive(),
  ),
  active_from: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: freezeMessages.startDateRequired }).pipe(zIsoDate),
  ),
  months: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: freezeMessages.monthsRequired }).int().min(1).max(24),
  ),
});
export type FreezeRequestFields = z.infer<typeof zFreezeRequestFields>;

export const freezeStatuses = ['pending_approval', 'approved', 'active', 'completed', 'rejected'] as const;
export const zFreezeStatus = z.enum(freezeStatuses);

export const zMembershipFreeze = z.object({
  id: z.number().int(),
  membership_id: z.number().int(),
  freeze_type: z.object({ id: z.number().int(), reason: z.string() }),
  status: zFreezeStatus,
  active_from: z.string(),
  months: z.number().int(),
  /** The last frozen day. */
  ends_on: z.string(),
  /** GET api/my-account/uploads/{id} downloads it. */
  proof: z.object({ upload_id: z.number().int(), name: z.string(), document_type: z.string() }).nullable(),
  rejection_reason: z.string().nullable(),
});
export type MembershipFreeze = z.infer<typeof zMembershipFreeze>;
export const zMembershipFreezeResponse = z.object({ data: zMembershipFreeze });

// ---- Staff: POST api/staff/membership-freezes/{id}/approve | reject ------------------------------------

export const zFreezeIdParams = z.object({ id: zId });
export const zRejectFreezeRequest = z.object({
  reason: z
    .string({ error: freezeMessages.reasonRequired })
    .trim()
    .min(1, freezeMessages.reasonRequired)
    .max(500),
});

// ---- Staff: GET api/staff/membership-freezes (the review queue) ---------------------------------------

export const zStaffMembershipFreezesQuery = z.object({
  status: zFreezeStatus.default('pending_approval'),
});

/** A freeze request as staff review it: who asked, for which membership, why, when, and the proof. */
export const zStaffMembershipFreeze = zMembershipFreeze.extend({
  requested_at: z.string(),
  customer: z.object({
    id: z.number().int(),
    reference: z.string().nullable(),
    name: z.string(),
    email: z.string(),
  }),
  membership: z.object({
    id: z.number().int(),
    reference: z.string(),
    type: z.string(),
    status: z.string(),
  }),
  /** The proof file's download path (staff may download any member's upload). */
  proof_download_url: z.string().nullable(),
});
export type StaffMembershipFreeze = z.infer<typeof zStaffMembershipFreeze>;
export const zStaffMembershipFreezesResponse = z.object({ data: z.array(zStaffMembershipFreeze) });
