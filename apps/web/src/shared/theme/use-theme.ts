import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiCall, ApiError, api } from '../api/client';
import { operatorKeys } from '../api/query-keys';
import type { ThemeSettings } from './theme';

/** The theme's call: the operator's, or the selected venue's. */
export const themeCall = (venue: string | null): ApiCall => ({
  path: 'api/frontend/theme',
  query: { venue },
});

async function fetchTheme(venue: string | null): Promise<ThemeSettings> {
  try {
    const call = themeCall(venue);
    return (await api.get<{ data: ThemeSettings }>(call.path, { query: call.query })).data;
  } catch (error) {
    // A venue's theme that fails to load is retried without the venue (the operator's theme).
    if (!venue || (error instanceof ApiError && error.status === 503)) throw error;
    return (await api.get<{ data: ThemeSettings }>(themeCall(null).path)).data;
  }
}

export const themeQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: operatorKeys.theme(venue),
    queryFn: () => fetchTheme(venue),
    staleTime: 5 * 60_000,
    retry: false,
    // A venue change keeps the current theme on screen until the new one is in.
    placeholderData: (previous) => previous,
  });

/** The operator's theme, or the selected venue's. */
export function useTheme(venue: string | null) {
  return useQuery(themeQueryOptions(venue));
}

export function isMaintenance(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503;
}
