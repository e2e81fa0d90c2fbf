import type {
  AdminPromotion,
  PromotionCreate,
  PromotionPaymentOption,
  PromotionUpdate,
} from '@leisure/contract/admin/promotions';
import { adminApi, useAdminMutation, useAdminQuery } from '../../shared/api/admin-api';

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
