import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipChangesKeys } from './keys';
import type { MembershipFreeze } from './types';

export interface FreezeRequest {
  membershipId: number;
  freezeTypeId: number;
  activeFrom: string;
  months: number;
  documentType?: string;
  file?: File | null;
}

/** POST api/my-account/user/memberships/{id}/freeze (multipart; 201). */
export async function requestFreeze(request: FreezeRequest): Promise<MembershipFreeze> {
  const form = new FormData();
  form.set('freeze_type_id', String(request.freezeTypeId));
  form.set('active_from', request.activeFrom);
  form.set('months', String(request.months));
  if (request.documentType) form.set('document_type', request.documentType);
  if (request.file) form.set('file', request.file);
  return (
    await api.post<{ data: MembershipFreeze }>(
      `api/my-account/user/memberships/${request.membershipId}/freeze`,
      undefined,
      { formData: form },
    )
  ).data;
}

export function useRequestFreeze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestFreeze,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membershipChangesKeys.all }),
  });
}
