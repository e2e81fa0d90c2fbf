import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ResetPasswordRequest {
  token: string;
  password: string;
  passwordConfirmation: string;
}

/** POST api/auth/password-reset: 200 shows the success screen. */
export async function resetPassword(body: ResetPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('api/auth/password-reset', body, { expectUnauthenticated: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
