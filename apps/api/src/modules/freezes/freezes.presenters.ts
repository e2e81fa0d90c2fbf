import type { FreezeTypesResponse, MembershipFreeze, StaffMembershipFreeze } from '@leisure/contract/freezes';
import { membershipReference } from '../membership-lifecycle/membership-lifecycle.presenters';
import type { FreezeRow, FreezeTypeRow, listFreezesForReview } from './freezes.repository';

function periodLabel(months: number): string {
  return `${months} ${months === 1 ? 'month' : 'months'}`;
}

/** The freeze types answer: periods as labels whose first word is the number of months. */
export function freezeTypesAnswer(
  types: FreezeTypeRow[],
  bounds: { min: string; max: string },
): FreezeTypesResponse['data'] {
  return {
    freeze_types: types.map((type) => ({
      id: type.id,
      reason: type.reason,
      time_periods: type.timePeriods.map(periodLabel),
      proof_of_eligibility:
        type.proofDescription !== null
          ? { description: type.proofDescription, document_type: type.proofDocumentType ?? 'Document' }
          : null,
    })),
    min_freeze_start_date: bounds.min,
    max_freeze_start_date: bounds.max,
  };
}

/** A freeze on the wire, with its type's reason and the proof's file name. */
export function freezeAnswer(
  freeze: FreezeRow,
  type: Pick<FreezeTypeRow, 'reason'> | undefined,
  proofName: string | undefined,
): MembershipFreeze {
  return {
    id: freeze.id,
    membership_id: freeze.membershipId,
    freeze_type: { id: freeze.freezeTypeId, reason: type?.reason ?? '' },
    status: freeze.status,
    active_from: freeze.startDate,
    months: freeze.months,
    ends_on: freeze.endDate,
    proof:
      freeze.proofUploadId !== null
        ? {
            upload_id: freeze.proofUploadId,
            name: proofName ?? 'document',
            document_type: freeze.proofDocumentType ?? '',
          }
        : null,
    rejection_reason: freeze.rejectionReason,
  };
}

type ReviewRow = Awaited<ReturnType<typeof listFreezesForReview>>[number];

/** A freeze in the staff review queue: the request, the member, the membership and the proof's download path. */
export function staffFreezeAnswer(row: ReviewRow): StaffMembershipFreeze {
  const { freeze, customer } = row;
  return {
    ...freezeAnswer(freeze, { reason: row.reason }, row.proofName ?? undefined),
    requested_at: freeze.createdAt.toISOString(),
    customer: {
      id: customer.id,
      reference: customer.reference,
      name: `${customer.firstName} ${customer.lastName}`,
      email: customer.email,
    },
    membership: {
      id: freeze.membershipId,
      reference: membershipReference(freeze.membershipId),
      type: row.membershipTypeName,
      status: row.membershipStatus,
    },
    proof_download_url:
      freeze.proofUploadId === null ? null : `/api/my-account/uploads/${freeze.proofUploadId}`,
  };
}
