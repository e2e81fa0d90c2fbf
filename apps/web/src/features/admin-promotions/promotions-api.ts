import type {
  AdminPriceChange,
  AdminPromotion,
  PriceChangeCreate,
  PromotionCreate,
  PromotionPaymentOption,
  PromotionUpdate,
} from '@leisure/contract/admin/promotions';
import { useQueryClient } from '@tanstack/react-query';
import { adminApi, adminKey, useAdminMutation, useAdminQuery } from '../../shared/api/admin-api';

/** The console's promotion calls (api/admin/promotions); lists page through the kit's ListPage. */

export const promotionsPath = 'promotions';

export function usePromotion(id: number) {
  return useAdminQuery<{ data: AdminPromotion }>(`${promotionsPath}/${id}`);
}

export function usePromotablePaymentOptions() {
  return useAdminQuery<{ data: PromotionPaymentOption[] }>(`${promotionsPath}/payment-options`);
}

export function createPromotion(body: PromotionCreate) {
  return adminApi.post<{ data: AdminPromotion }>(promotionsPath, body);
}

export function changePromotion(id: number, body: PromotionUpdate) {
  return adminApi.patch<{ data: AdminPromotion }>(`${promotionsPath}/${id}`, body);
}

export function useEndPromotion(id: number, onSuccess?: () => void) {
  return useAdminMutation<void, { data: AdminPromotion }>({
    call: () => adminApi.post(`${promotionsPath}/${id}/end`, {}),
    invalidates: [promotionsPath],
    ...(onSuccess ? { onSuccess } : {}),
  });
}

// ---- Scheduled price changes for existing members -------------------------------------------------

export const priceChangesPath = 'membership-price-changes';

export function schedulePriceChange(body: PriceChangeCreate) {
  return adminApi.post<{ data: AdminPriceChange }>(priceChangesPath, body);
}

/** Refreshes the price changes list (after one is scheduled). */
export function useRefreshPriceChanges() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKey(priceChangesPath) });
}

export function useCancelPriceChange(onSuccess?: () => void) {
  return useAdminMutation<number, { data: AdminPriceChange }>({
    call: (id) => adminApi.post(`${priceChangesPath}/${id}/cancel`, {}),
    invalidates: [priceChangesPath],
    ...(onSuccess ? { onSuccess } : {}),
  });
}
