import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ForgottenPasswordRequest {
  emailOrReference: string;
}

/** POST api/auth/customer/forgotten-password; a 422 starting 'Multiple' asks for the customer ID. */
export async function requestPasswordReset(body: ForgottenPasswordRequest): Promise<{ message: string }> {
  return api.post<{ message: string }>('api/auth/customer/forgotten-password', body, {
    expectUnauthenticated: true,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** An email shared by several accounts: the server's message starts with 'Multiple'. */
export function isMultipleAccountsMessage(message: string): boolean {
  return message.startsWith('Multiple');
}
