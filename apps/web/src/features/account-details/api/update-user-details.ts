import type { Answer } from '@leisure/contract/data-fields';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { dataFieldsKeys } from '../../../shared/api/query-keys';

export interface UpdateUserDetailsRequest {
  /** Non-empty data-field answers keyed by field name. */
  answers: Record<string, Exclude<Answer, undefined | null>>;
  /** An optional password change: all three together. */
  passwordChange?: { currentPassword: string; password: string; repeatNewPassword: string };
  /** The current password alone: a new email address needs it. */
  currentPassword?: string;
}

/** The renewed session comes as cookies: a browser never gets the token in a body. */
export interface UpdateUserDetailsResponse {
  status: 'success';
  message: string;
}

/** PUT api/my-account/user/update?onboarding_type=customer_account_online; the session is renewed. */
export async function updateUserDetails({
  answers,
  passwordChange,
  currentPassword,
}: UpdateUserDetailsRequest): Promise<UpdateUserDetailsResponse> {
  return api.put<UpdateUserDetailsResponse>(
    'api/my-account/user/update',
    { ...answers, ...(currentPassword ? { currentPassword } : {}), ...(passwordChange ?? {}) },
    { query: { onboardingType: 'customer_account_online' } },
  );
}

export function useUpdateUserDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserDetails,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataFieldsKeys.all }),
  });
}
