import type {
  AdminFreezeType,
  AdminMembershipCategory,
  AdminMembershipType,
  AdminPaymentOption,
  AdminQuestion,
} from '@leisure/contract/admin/memberships';
import { useQuery } from '@tanstack/react-query';
import { type AdminPageOf, adminApi, useAdminMutation, useAdminQuery } from '../../../shared/api/admin-api';
import { api } from '../../../shared/api/client';

// The Memberships area's calls to the admin API (issue 47). Paths are under /api/admin/.

export const paths = {
  categories: 'membership-categories',
  types: 'membership-types',
  type: (id: number | string) => `membership-types/${id}`,
  options: (typeId: number | string) => `membership-types/${typeId}/payment-options`,
  option: (id: number) => `membership-payment-options/${id}`,
  questions: (typeId: number | string) => `membership-types/${typeId}/questions`,
  question: (id: number) => `membership-questions/${id}`,
  freezeTypes: 'freeze-types',
  freezeType: (id: number | string) => `freeze-types/${id}`,
};

export function useMembershipType(id: string | undefined) {
  return useAdminQuery<AdminMembershipType>(paths.type(id ?? '0'), undefined, { enabled: Boolean(id) });
}

/** Every category (for the type form's checkboxes): at most 100. */
export function useCategoryChoices() {
  return useAdminQuery<AdminPageOf<AdminMembershipCategory>>(paths.categories, { per_page: 100 });
}

/** The operator's venues, as online joining lists them. */
export function useVenueChoices() {
  return useQuery({
    queryKey: ['admin-memberships', 'venues'],
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('api/online-joining/venues', {
        signal,
        wireKeys: true,
      }),
  });
}

export function usePaymentOptions(typeId: string) {
  return useAdminQuery<{ data: AdminPaymentOption[] }>(paths.options(typeId));
}

export function useQuestions(typeId: string) {
  return useAdminQuery<{ data: AdminQuestion[] }>(paths.questions(typeId));
}

export function useFreezeType(id: string | undefined) {
  return useAdminQuery<AdminFreezeType>(paths.freezeType(id ?? '0'), undefined, { enabled: Boolean(id) });
}

export function useSaveCategory() {
  return useAdminMutation({
    call: (body: { name: string }) => adminApi.post<AdminMembershipCategory>(paths.categories, body),
    invalidates: [paths.categories],
  });
}

export function useRemoveCategory() {
  return useAdminMutation({
    call: (id: number) => adminApi.delete(`${paths.categories}/${id}`),
    invalidates: [paths.categories, paths.types],
  });
}

export function useChangePaymentOption(typeId: string) {
  return useAdminMutation({
    call: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      adminApi.patch<AdminPaymentOption>(paths.option(id), body),
    invalidates: [paths.options(typeId), paths.types],
  });
}

export function useRemoveQuestion(typeId: string) {
  return useAdminMutation({
    call: (id: number) => adminApi.delete(paths.question(id)),
    invalidates: [paths.questions(typeId)],
  });
}
