import { z } from 'zod';

/**
 * The console's lists page and search on the server (issue 47): every list call takes these query
 * keys and answers `{ data, meta }`. Numbers may arrive as strings (a query string's are).
 */
export const zAdminListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminListQuery = z.infer<typeof zAdminListQuery>;

export const zAdminListMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** A page of a list: its rows and where it is in the whole. */
export function zAdminPage<T extends z.ZodTypeAny>(item: T) {
  return z.object({ data: z.array(item), meta: zAdminListMeta });
}
