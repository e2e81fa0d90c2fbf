import type {
  MfaConfirmResponse,
  MfaEnrolment,
  StaffMe,
  StaffSignInRequest,
  StaffSignInResponse,
} from '@leisure/contract/admin/staff';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, adminKey } from '../../shared/api/admin-api';
import { api } from '../../shared/api/client';

/**
 * The console's session (packages/contract/src/admin/staff.ts): who is signed in, and the sign-in
 * steps (password, then enrol or verify the second factor). The sign-in calls may answer 401 as a
 * matter of course, so they never count as "the session has ended".
 */

export const staffMeKey = adminKey('me');
const quiet = { expectUnauthenticated: true } as const;

/** `GET api/admin/me`: the staff user of a console session; a 401 (ApiError) when there is none. */
export function useStaffMe() {
  return useQuery({
    queryKey: staffMeKey,
    queryFn: ({ signal }) => adminApi.get<StaffMe>('me', undefined, { ...quiet, signal }),
    retry: false,
    staleTime: 60_000,
  });
}

export const signIn = (body: StaffSignInRequest) =>
  adminApi.post<StaffSignInResponse>('session', body, quiet);
export const startEnrolment = () => adminApi.post<MfaEnrolment>('session/mfa/enrolment', {}, quiet);
export const confirmEnrolment = (code: string) =>
  adminApi.post<MfaConfirmResponse>('session/mfa/enrolment/confirm', { code }, quiet);
export const verifyCode = (body: { code: string } | { recovery_code: string }) =>
  adminApi.post<unknown>('session/mfa/verify', body, quiet);
export const acceptInvitation = (token: string, password: string) =>
  adminApi.post<unknown>('invitations/accept', { token, password }, quiet);

/** Ends the console session (`DELETE api/admin/session`) and forgets everything the console read. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await adminApi.delete('session', quiet);
    } finally {
      queryClient.removeQueries({ queryKey: adminKey('') });
    }
  };
}

/** After the second factor: the console reads who is signed in afresh. */
export function useSessionStarted() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: staffMeKey });
}

/** The operator's name for the console's header (the customer API's `GET api/client`). */
export function useOperatorName(): string | undefined {
  return useQuery({
    queryKey: ['admin-operator-name'],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: { name?: string } }>('api/client', { signal })).data,
    staleTime: 5 * 60_000,
    retry: false,
  }).data?.name;
}
