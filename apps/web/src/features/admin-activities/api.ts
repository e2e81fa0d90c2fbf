import type {
  ActivityCreate,
  ActivityUpdate,
  AdminActivity,
  AdminCategory,
  AdminLocation,
  AdminPricingOption,
  AdminTicket,
  CategoryCreate,
  LocationCreate,
} from '@leisure/contract/admin/activities';
import { adminApi, useAdminQuery } from '../../shared/api/admin-api';

/** The console's activity calls (packages/contract/src/admin/activities.ts). */

export const categoriesPath = 'activity-categories';
export const activitiesPath = 'activities';
export const locationsPath = 'locations';

export function useAdminActivity(id: string | undefined) {
  return useAdminQuery<AdminActivity>(`${activitiesPath}/${id ?? ''}`, undefined, {
    enabled: id !== undefined,
  });
}

/** Every category (up to 100), for choosing a parent or an activity's category. */
export function useAllCategories() {
  return useAdminQuery<{ data: AdminCategory[] }>(categoriesPath, { per_page: 100 }, { staleTime: 60_000 });
}

export function useActivityPricing(activityId: number) {
  return useAdminQuery<{ data: AdminPricingOption[] }>(`${activitiesPath}/${activityId}/pricing-options`);
}

export const createCategory = (body: CategoryCreate) => adminApi.post<AdminCategory>(categoriesPath, body);
export const createActivity = (body: ActivityCreate) => adminApi.post<AdminActivity>(activitiesPath, body);
export const updateActivity = (id: number, body: ActivityUpdate) =>
  adminApi.patch<AdminActivity>(`${activitiesPath}/${id}`, body);
export const createLocation = (body: LocationCreate) => adminApi.post<AdminLocation>(locationsPath, body);
export const updateTicket = (id: number, body: { name?: string; amount?: number }) =>
  adminApi.patch<AdminTicket>(`tickets/${id}`, body);
export const createTicket = (optionId: number, body: { name: string; amount: number }) =>
  adminApi.post<AdminTicket>(`pricing-options/${optionId}/tickets`, body);
export const createPricingOption = (activityId: number, body: { name: string; for_members: boolean }) =>
  adminApi.post<AdminPricingOption>(`${activitiesPath}/${activityId}/pricing-options`, body);
