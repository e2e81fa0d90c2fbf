import type { MembershipDocument } from '@leisure/contract/my-memberships';
import { addDays } from '../../lib/dates';
import { membershipDate } from '../membership-lifecycle/membership-lifecycle.presenters';
import type { DocumentDetailRow } from './eligibility-documents.repository';

/** A document expiring within this many days asks for a new one (documentExpiringSoon). */
export const expiringSoonDays = 30;

/** An eligibility document on the wire, its expiry judged on the membership's `today`. */
export function describeDocument(row: DocumentDetailRow, today: string): MembershipDocument {
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
