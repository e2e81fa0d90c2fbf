import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { joiningKeys } from './keys';
import type { CostBreakdown, PriceRequest } from './types';

/** GET api/memberships/types/{typeId}/payment-options/{optionId}: the cost breakdown for the dates. */
export async function getPaymentOptionPrice({
  typeId,
  optionId,
  ...query
}: PriceRequest): Promise<CostBreakdown> {
  return (
    await api.get<{ data: CostBreakdown }>(`api/memberships/types/${typeId}/payment-options/${optionId}`, {
      query,
    })
  ).data;
}

export const paymentOptionPriceQueryOptions = (request: PriceRequest) =>
  queryOptions({
    queryKey: joiningKeys.price(request),
    queryFn: () => getPaymentOptionPrice(request),
    retry: false,
    placeholderData: keepPreviousData,
  });

export function usePaymentOptionPrice(request: PriceRequest | null) {
  return useQuery({
    ...paymentOptionPriceQueryOptions(
      request ?? {
        typeId: 0,
        optionId: 0,
        startDate: '',
        billingDay: null,
        venueId: 0,
        promotionCodeId: null,
      },
    ),
    enabled: request !== null,
  });
}
