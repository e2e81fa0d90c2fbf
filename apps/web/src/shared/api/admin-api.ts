import type { AdminListQuery } from '@leisure/contract/admin/lists';
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type RequestOptions } from './client';

/**
 * The console's one way to the API (`/api/admin/...`). It is the shared client (CSRF header, the
 * session cookie, ApiError with a 422's field messages, 401 -> sign-in) with the keys kept as on the
 * wire: the console's screens use the contract's snake_case schemas and types as they are.
 *
 * Paths are relative to `api/admin/`: `adminApi.get('venues/3')` calls `GET /api/admin/venues/3`.
 *
 * It lives in shared/ so an area's data hooks in `features/admin-<area>/` can use it (features do not
 * import sites); the console's kit (sites/admin/kit) re-exports it.
 */

type Query = RequestOptions['query'];

const full = (path: string) => `api/admin/${path.replace(/^\/+/, '')}`;
const wire = (options?: RequestOptions): RequestOptions => ({ ...options, wireKeys: true });

export const adminApi = {
  get: <T>(path: string, query?: Query, options?: RequestOptions) =>
    api.get<T>(full(path), wire({ ...options, query })),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.post<T>(full(path), body, wire(options)),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.put<T>(full(path), body, wire(options)),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    api.patch<T>(full(path), body, wire(options)),
  delete: <T>(path: string, options?: RequestOptions) => api.delete<T>(full(path), wire(options)),
};

/**
 * The query key of an admin path: `['admin', 'venues', '3', {query}]`. Invalidating a prefix
 * (`adminKey('venues')`) refreshes the list and every record under it.
 */
export function adminKey(path: string, query?: Query): QueryKey {
  const parts = path.split('/').filter(Boolean);
  return query ? ['admin', ...parts, query] : ['admin', ...parts];
}

/** A GET of the admin API as a query: `useAdminQuery<Venue>('venues/3')`. */
export function useAdminQuery<T>(
  path: string,
  query?: Query,
  options?: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>,
) {
  return useQuery<T, Error, T, QueryKey>({
    queryKey: adminKey(path, query ?? {}),
    queryFn: ({ signal }) => adminApi.get<T>(path, query, { signal }),
    ...options,
  });
}

/** One page of a list (`{ data, meta }`, packages/contract/src/admin/lists.ts). */
export interface AdminPageOf<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}

/** A page of a list route; extra filters go beside q/page/per_page. Keeps the last page while the next loads. */
export function useAdminList<T>(
  path: string,
  query: Partial<AdminListQuery> & Record<string, string | number | boolean | undefined>,
) {
  return useAdminQuery<AdminPageOf<T>>(path, query, { placeholderData: (previous) => previous });
}

export interface AdminMutationOptions<TVars, TResult> {
  /** The call: e.g. `(body) => adminApi.post('venues', body)`. */
  call: (vars: TVars) => Promise<TResult>;
  /** Admin paths whose queries are stale afterwards (`['venues']`): prefixes, see adminKey. */
  invalidates?: string[];
  onSuccess?: (result: TResult, vars: TVars) => void;
}

/** A change through the admin API; on success the named paths' queries refetch. */
export function useAdminMutation<TVars, TResult = unknown>({
  call,
  invalidates = [],
  onSuccess,
}: AdminMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVars>({
    mutationFn: call,
    onSuccess: async (result, vars) => {
      await Promise.all(
        invalidates.map((path) => queryClient.invalidateQueries({ queryKey: adminKey(path) })),
      );
      onSuccess?.(result, vars);
    },
  });
}
