import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { AuditEventList } from '../kit/audit-history';
import { PageHeader } from '../kit/page-header';

/** The kinds of record the console's changes are logged against (audit_events.entity_type). */
export const auditRecordTypes: { value: string; label: string }[] = [
  { value: 'staff_user', label: 'Staff users' },
  { value: 'operator', label: 'Operator' },
  { value: 'venue', label: 'Venues' },
  { value: 'activity', label: 'Activities' },
  { value: 'location', label: 'Locations' },
  { value: 'timetable', label: 'Timetables' },
  { value: 'pricing_option', label: 'Pricing options' },
  { value: 'membership_type', label: 'Membership types' },
  { value: 'payment_option', label: 'Payment options' },
  { value: 'promotion', label: 'Promotions' },
];

/**
 * The audit log (`/admin/audit`): every change, newest first, searched and filtered by record type
 * on the server ("Show older" pages back); each entry opens to what it changed. `?entity_type=&
 * entity_id=` shows one record's history (the records' screens link here).
 */
export function AuditLogScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const entityType = params.get('entity_type') ?? '';
  const entityId = params.get('entity_id') ?? '';
  const [draftQ, setDraftQ] = useState(q);
  const [draftType, setDraftType] = useState(entityType);
  const searchId = useId();
  const typeId = useId();

  const types =
    entityType && !auditRecordTypes.some((type) => type.value === entityType)
      ? [...auditRecordTypes, { value: entityType, label: entityType }]
      : auditRecordTypes;

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draftQ.trim()) next.set('q', draftQ.trim());
    if (draftType) next.set('entity_type', draftType);
    if (draftType && draftType === entityType && entityId) next.set('entity_id', entityId);
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title="Audit log"
        description={
          entityId
            ? `The history of ${types.find((type) => type.value === entityType)?.label ?? entityType} record ${entityId}.`
            : 'Every change made in the console, newest first.'
        }
      />
      <search>
        <form className="admin-list-search admin-audit-filters" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              type="search"
              value={draftQ}
              maxLength={200}
              onChange={(event) => setDraftQ(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={typeId}>Record type</label>
            <select id={typeId} value={draftType} onChange={(event) => setDraftType(event.target.value)}>
              <option value="">All record types</option>
              {types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <AuditEventList
        filters={{
          q: q || undefined,
          entity_type: entityType || undefined,
          entity_id: entityId || undefined,
        }}
        showRecord
        emptyText="No changes match."
      />
    </>
  );
}
