import type { ActivityVenue } from '@leisure/contract/activities';
import type {
  AdminTerm,
  AdminTheme,
  AdminWaiver,
  CreateTermRequest,
  CreateWaiverRequest,
  OperatorSettings,
  SaveThemeDraftRequest,
  UpdateOperatorSettingsRequest,
  UpdateTermRequest,
  UpdateWaiverRequest,
} from '@leisure/contract/admin/operator';
import type { Theme } from '@leisure/contract/operator';
import { useQuery } from '@tanstack/react-query';
import { adminApi, useAdminMutation, useAdminQuery } from '../../shared/api/admin-api';
import { api } from '../../shared/api/client';

/** The Operator area's calls (packages/contract/src/admin/operator.ts). */

export const termsPath = 'terms';

/** The theme's admin path: the operator's, or a venue's override. */
export const themePath = (venueId: number | null) =>
  venueId === null ? 'operator/theme' : `venues/${venueId}/theme`;

export function useOperatorSettings() {
  return useAdminQuery<{ data: OperatorSettings }>('operator');
}

export function useUpdateOperatorSettings() {
  return useAdminMutation<UpdateOperatorSettingsRequest, { data: OperatorSettings }>({
    call: (body) => adminApi.patch('operator', body),
    invalidates: ['operator'],
  });
}

/** The operator's venues, for choosing a venue's theme or footer (the customer API lists them). */
export function useVenueChoices() {
  return useQuery({
    queryKey: ['admin-operator', 'venues'],
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityVenue[] }>('api/activities/venues', { signal, wireKeys: true }),
    staleTime: 5 * 60_000,
  });
}

export function useAdminTheme(venueId: number | null) {
  return useAdminQuery<{ data: AdminTheme }>(themePath(venueId));
}

export function useThemePreview(venueId: number | null) {
  return useAdminQuery<{ data: Theme }>(`${themePath(venueId)}/preview`);
}

export const saveThemeDraft = (venueId: number | null, body: SaveThemeDraftRequest) =>
  adminApi.put<{ data: AdminTheme }>(`${themePath(venueId)}/draft`, body);

export function usePublishTheme(venueId: number | null) {
  return useAdminMutation<void, { data: AdminTheme }>({
    call: () => adminApi.post(`${themePath(venueId)}/publish`),
    invalidates: [themePath(venueId)],
  });
}

export function useDiscardThemeDraft(venueId: number | null) {
  return useAdminMutation<void, { data: AdminTheme }>({
    call: () => adminApi.delete(`${themePath(venueId)}/draft`),
    invalidates: [themePath(venueId)],
  });
}

export function useVenueFooter(venueId: number) {
  return useAdminQuery<{ data: { venue_id: number; footer_html: string } }>(`venues/${venueId}/footer`);
}

export const saveVenueFooter = (venueId: number, footerHtml: string) =>
  adminApi.put<{ data: { venue_id: number; footer_html: string } }>(`venues/${venueId}/footer`, {
    footer_html: footerHtml,
  });

export function useTerm(id: string) {
  return useAdminQuery<{ data: AdminTerm }>(`${termsPath}/${id}`);
}

export const createTerm = (body: CreateTermRequest) => adminApi.post<{ data: AdminTerm }>(termsPath, body);
export const updateTerm = (id: number, body: UpdateTermRequest) =>
  adminApi.patch<{ data: AdminTerm }>(`${termsPath}/${id}`, body);

export const waiversPath = 'waivers';

export function useWaiver(id: string) {
  return useAdminQuery<{ data: AdminWaiver }>(`${waiversPath}/${id}`);
}

export const createWaiver = (body: CreateWaiverRequest) =>
  adminApi.post<{ data: AdminWaiver }>(waiversPath, body);
export const updateWaiver = (id: number, body: UpdateWaiverRequest) =>
  adminApi.patch<{ data: AdminWaiver }>(`${waiversPath}/${id}`, body);
