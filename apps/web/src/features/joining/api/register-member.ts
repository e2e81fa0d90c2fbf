import type { Answer } from '@leisure/contract/data-fields';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface RegisterMemberRequest {
  answers: Record<string, Exclude<Answer, undefined | null>>;
  clientId: number;
  password: string;
  passwordConfirmation: string;
  terms: number[];
  checksum: string;
}

/** POST api/auth/customer/register?onboarding_type=customer_account_online from the joining flow. */
export async function registerMember({
  answers,
  ...fixed
}: RegisterMemberRequest): Promise<{ token: string }> {
  return api.post<{ token: string }>(
    'api/auth/customer/register',
    { ...answers, ...fixed, source: 'online-joining' },
    { query: { onboardingType: 'customer_account_online' }, expectUnauthenticated: true },
  );
}

export function useRegisterMember() {
  return useMutation({ mutationFn: registerMember });
}
