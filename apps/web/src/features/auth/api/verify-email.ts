import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** POST api/auth/email/verify: the welcome email's link; 200 verified, 403 unknown, used or expired. */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  return api.post<{ message: string }>('api/auth/email/verify', { token }, { expectUnauthenticated: true });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
