import type { AdminListQuery } from '@leisure/contract/admin/lists';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { StaffChange } from '../operator/staff-change';
import { fieldErrorsOf } from '../operator/venue-setup.service';

/** What the console's catalogue services share: pages, the contract's rules, an audited transaction. */

export type Page<T> = { data: T[]; meta: { page: number; per_page: number; total: number } };

export function pageOf<T, R>(
  query: AdminListQuery,
  found: { rows: R[]; total: number },
  view: (row: R) => T,
): Page<T> {
  return {
    data: found.rows.map(view),
    meta: { page: query.page, per_page: query.per_page, total: found.total },
  };
}

export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  return parsed.data;
}

export async function audited<T>(
  db: Database,
  change: StaffChange,
  work: (tx: Database) => Promise<{
    result: T;
    action: string;
    entityType: string;
    entityId: number;
    venueId?: number | null;
    before?: unknown;
    after: unknown;
  }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const done = await work(tx);
    await change.audit(tx, {
      action: done.action,
      entityType: done.entityType,
      entityId: done.entityId,
      venueId: done.venueId ?? null,
      before: done.before ?? null,
      after: done.after,
    });
    return done.result;
  });
}
