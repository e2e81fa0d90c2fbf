import type { RegisterRequest } from '@leisure/contract/auth';
import type { Answer } from '@leisure/contract/data-fields';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** Where a customer registers from: my account's register page or the joining flow. */
export type RegistrationSource = Extract<RegisterRequest['source'], 'my-account' | 'online-joining'>;

export interface RegisterCustomerRequest {
  /** Data-field answers keyed by field name (already wire names). */
  answers: Record<string, Exclude<Answer, undefined | null>>;
  clientId: number;
  password: string;
  passwordConfirmation: string;
  terms: number[];
  checksum: string;
  source: RegistrationSource;
}

/** POST api/auth/customer/register?onboarding_type=customer_account_online; 201 means created. */
export async function registerCustomer({
  answers,
  ...fixed
}: RegisterCustomerRequest): Promise<{ status: 'success' }> {
  // The session comes as cookies: a browser never gets the token in a body.
  return api.post<{ status: 'success' }>(
    'api/auth/customer/register',
    { ...answers, ...fixed },
    { query: { onboardingType: 'customer_account_online' }, expectUnauthenticated: true },
  );
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
