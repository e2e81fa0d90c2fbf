import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { userQueryKey } from '../../../shared/session/session';
import { membershipManagementKeys } from './keys';
import type { MembershipDocument } from './types';

export interface EligibilityDocumentUpload {
  membershipId: number;
  eligibilityCriterionId: number;
  eligibilityDocumentTypeId: number;
  document: File;
}

/** POST api/my-account/eligibility/document (multipart; 201). */
export async function uploadEligibilityDocument(
  upload: EligibilityDocumentUpload,
): Promise<MembershipDocument> {
  const form = new FormData();
  form.set('eligibility_document_type_id', String(upload.eligibilityDocumentTypeId));
  form.set('membership_id', String(upload.membershipId));
  form.set('eligibility_criterion_id', String(upload.eligibilityCriterionId));
  form.set('document', upload.document);
  return (
    await api.post<{ data: MembershipDocument }>('api/my-account/eligibility/document', undefined, {
      formData: form,
    })
  ).data;
}

export function useUploadEligibilityDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadEligibilityDocument,
    // Not awaited: the form's own success callback must run before the reloaded list unmounts it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: membershipManagementKeys.list });
      // The dashboard's document notification reads the auth user.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
