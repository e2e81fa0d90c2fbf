import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api/client';
import { authKeys } from './keys';

/** POST api/auth/password-reset/validate: 200 valid, 403 unknown, used or expired. */
export async function validateResetToken(token: string): Promise<{ status: 'valid'; email: string }> {
  return api.post<{ status: 'valid'; email: string }>(
    'api/auth/password-reset/validate',
    { token },
    { expectUnauthenticated: true },
  );
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.passwordReset(token),
    queryFn: () => validateResetToken(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 0,
    gcTime: 0,
  });

export function useValidateResetToken(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}

/** 403 (unknown, used, expired) and 422 (not even a token's shape) both mean "invalid link". */
export function isInvalidTokenError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 422);
}
