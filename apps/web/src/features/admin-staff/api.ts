import type { ActivityVenue } from '@leisure/contract/activities';
import type {
  StaffInviteRequest,
  StaffRoleDescription,
  StaffUser,
  StaffUserUpdate,
} from '@leisure/contract/admin/staff';
import { useQuery } from '@tanstack/react-query';
import { adminApi, useAdminMutation, useAdminQuery } from '../../shared/api/admin-api';
import { api } from '../../shared/api/client';

/** The staff users' calls (packages/contract/src/admin/staff.ts). */

export const staffUsersPath = 'staff-users';

export function useStaffRoles() {
  return useAdminQuery<{ data: StaffRoleDescription[] }>('roles', undefined, { staleTime: 5 * 60_000 });
}

export function useStaffUser(id: string) {
  return useAdminQuery<StaffUser>(`${staffUsersPath}/${id}`);
}

/** The operator's venues, for a venue-scoped role's choice (the customer API lists them). */
export function useOperatorVenues() {
  return useQuery({
    queryKey: ['admin-staff', 'venues'],
    queryFn: ({ signal }) =>
      api.get<{ data: ActivityVenue[] }>('api/activities/venues', { signal, wireKeys: true }),
    staleTime: 5 * 60_000,
  });
}

export const inviteStaffUser = (body: StaffInviteRequest) => adminApi.post<StaffUser>(staffUsersPath, body);
export const updateStaffUser = (id: number, body: StaffUserUpdate) =>
  adminApi.patch<StaffUser>(`${staffUsersPath}/${id}`, body);

/** The actions on a staff user beside editing: each a POST to `staff-users/{id}/{action}`. */
export type StaffUserAction = 'disable' | 'enable' | 'reset-mfa';

export function useStaffUserAction(id: number) {
  return useAdminMutation<StaffUserAction, StaffUser>({
    call: (action) => adminApi.post<StaffUser>(`${staffUsersPath}/${id}/${action}`),
    invalidates: [staffUsersPath, 'audit-events'],
  });
}
