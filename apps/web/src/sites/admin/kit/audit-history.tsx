import type { AuditEvent, AuditPage } from '@leisure/contract/admin/staff';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { adminApi, adminKey } from './admin-api';

/** The filters of `GET /api/admin/audit-events` (packages/contract/src/admin/staff.ts zAuditQuery). */
export interface AuditFilters {
  q?: string | undefined;
  entity_type?: string | undefined;
  entity_id?: string | undefined;
}

/** The log, newest first, a page at a time ("Show older" asks for the next with before_id). */
export function useAuditEvents(filters: AuditFilters, limit = 20) {
  return useInfiniteQuery({
    queryKey: adminKey('audit-events', { ...filters, limit }),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      adminApi.get<AuditPage>('audit-events', { ...filters, limit, before_id: pageParam }, { signal }),
    getNextPageParam: (last) => last.next_before_id ?? undefined,
  });
}

/** The console's address of a record's history in the Audit log screen. */
export function auditLogHref(entityType: string, entityId: string | number): string {
  const params = new URLSearchParams({ entity_type: entityType, entity_id: String(entityId) });
  return `/audit?${params}`;
}

/** A link to the Audit log screen filtered to one record ("History of this venue"). */
export function AuditHistoryLink({
  entityType,
  entityId,
  children = 'View history',
}: {
  entityType: string;
  entityId: string | number;
  children?: React.ReactNode;
}) {
  return <Link to={auditLogHref(entityType, entityId)}>{children}</Link>;
}

const actions: Record<string, string> = { create: 'Created', update: 'Changed', delete: 'Removed' };

/** 'venue.update' -> 'Changed'; other actions as they are. */
export function actionLabel(action: string): string {
  const verb = action.split('.').pop() ?? action;
  return actions[verb] ?? action;
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'empty';
  if (typeof value === 'string') return value === '' ? 'empty' : value;
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The keys a change touched: each with its value before and after (added/removed show '—'). */
export function diffOf(before: unknown, after: unknown): { key: string; before: string; after: string }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) return [];
  if (!b || !a) {
    const whole = (b ?? a) as Record<string, unknown>;
    return Object.keys(whole)
      .sort()
      .map((key) => ({ key, before: b ? show(b[key]) : '—', after: a ? show(a[key]) : '—' }));
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return keys
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => ({ key, before: key in b ? show(b[key]) : '—', after: key in a ? show(a[key]) : '—' }));
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** One entry of the log: who did what when, and (expanded) what changed, key by key. */
export function AuditEntry({ event, showRecord = false }: { event: AuditEvent; showRecord?: boolean }) {
  const diff = diffOf(event.before, event.after);
  return (
    <li className="admin-audit-entry">
      <details>
        <summary>
          <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>{' '}
          <span>
            {actionLabel(event.action)}
            {showRecord ? ` ${event.entity_type}${event.entity_id ? ` ${event.entity_id}` : ''}` : ''}
          </span>{' '}
          <span className="admin-audit-actor">by {event.actor.email ?? 'the system'}</span>
        </summary>
        <p className="admin-audit-action">
          Action: <code>{event.action}</code>
          {event.route ? (
            <>
              {' '}
              via <code>{event.route}</code>
            </>
          ) : null}
        </p>
        {diff.length === 0 ? (
          <p>No field changed.</p>
        ) : (
          <table className="admin-table admin-audit-diff">
            <caption className="visually-hidden">Changes</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {diff.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.key}</th>
                  <td>{row.before}</td>
                  <td>{row.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </li>
  );
}

/** A list of log entries with loading, empty and failed states and "Show older". */
export function AuditEventList({
  filters,
  showRecord = false,
  emptyText = 'No changes recorded.',
}: {
  filters: AuditFilters;
  showRecord?: boolean;
  emptyText?: string;
}) {
  const events = useAuditEvents(filters);
  if (events.isPending) return <p role="status">Loading history…</p>;
  if (events.isError) {
    return (
      <p role="alert" className="form-error">
        {events.error instanceof ApiError
          ? events.error.message
          : 'Something has gone wrong, please try again.'}
      </p>
    );
  }
  const all = events.data.pages.flatMap((page) => page.data);
  if (all.length === 0) return <p>{emptyText}</p>;
  return (
    <>
      <ol className="admin-audit-list">
        {all.map((event) => (
          <AuditEntry key={event.id} event={event} showRecord={showRecord} />
        ))}
      </ol>
      {events.hasNextPage ? (
        <Button
          variant="secondary"
          busy={events.isFetchingNextPage}
          busyText="Loading…"
          onClick={() => void events.fetchNextPage()}
        >
          Show older
        </Button>
      ) : null}
    </>
  );
}

/**
 * A record's history (`GET /api/admin/audit-events?entity_type=&entity_id=`), newest first, each
 * entry expandable to the fields it changed. Put it at the foot of a record's screen.
 */
export function AuditHistory({
  entityType,
  entityId,
  title = 'History',
}: {
  entityType: string;
  entityId: string | number;
  title?: string;
}) {
  return (
    <section className="admin-audit-history" aria-labelledby={`history-${entityType}-${entityId}`}>
      <h2 id={`history-${entityType}-${entityId}`}>{title}</h2>
      <AuditEventList filters={{ entity_type: entityType, entity_id: String(entityId) }} />
    </section>
  );
}
