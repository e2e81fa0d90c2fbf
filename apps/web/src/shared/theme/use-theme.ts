import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import { operatorKeys } from '../api/query-keys';
import type { ThemeSettings } from './theme';

async function fetchTheme(venue: string | null): Promise<ThemeSettings> {
  try {
    return (await api.get<{ data: ThemeSettings }>('api/frontend/theme', { query: { venue } })).data;
  } catch (error) {
    // A venue's theme that fails to load is retried without the venue (the operator's theme).
    if (!venue || (error instanceof ApiError && error.status === 503)) throw error;
    return (await api.get<{ data: ThemeSettings }>('api/frontend/theme')).data;
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
