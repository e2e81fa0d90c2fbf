import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface Promotion {
  id: number;
  code: string;
}

/** GET api/v1/membership-promotions/validate/{code}/{paymentOptionId}: data has the code and its id. */
export async function validatePromotion({
  code,
  paymentOptionId,
}: {
  code: string;
  paymentOptionId: number;
}): Promise<Promotion> {
  return (
    await api.get<{ data: Promotion }>(
      `api/v1/membership-promotions/validate/${encodeURIComponent(code)}/${paymentOptionId}`,
    )
  ).data;
}

export function useValidatePromotion() {
  return useMutation({ mutationFn: validatePromotion });
}
