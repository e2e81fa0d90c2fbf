import type { Answer } from '@leisure/contract/data-fields';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** PUT api/my-account/user/update?onboarding_type=membership_purchase: the extra data a purchase needs. */
export async function savePurchaseDetails(
  answers: Record<string, Exclude<Answer, undefined | null>>,
): Promise<unknown> {
  return api.put('api/my-account/user/update', answers, { query: { onboardingType: 'membership_purchase' } });
}

export function useSavePurchaseDetails() {
  return useMutation({ mutationFn: savePurchaseDetails });
}
