import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type AdminSession,
  cancelSession,
  moveSession,
  sessionsPath,
  useTimetableChoices,
} from '../../../../features/admin-timetables/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { ApiError } from '../../../../shared/api/client';
import { Button } from '../../../../shared/ui/button';
import { Modal } from '../../../../shared/ui/modal';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { todayIso, useChosenVenue, VenuePicker } from './shared';

type Dialog = { kind: 'cancel' | 'move'; session: AdminSession } | null;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something has gone wrong, please try again.';
const fieldsOf = (error: unknown): Record<string, string[]> =>
  error instanceof ApiError && error.status === 422 ? error.wireErrors : {};

/** `/admin/timetables/sessions`: a venue's sessions on a range of dates, each with Cancel and Move. */
export function SessionsScreen() {
  const { venueId, venues, choose } = useChosenVenue();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? todayIso();
  const to = params.get('to') ?? todayIso(13);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState<string | undefined>();
  const setRange = (key: 'from' | 'to', value: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (value) copy.set(key, value);
      copy.delete('page');
      return copy;
    });
  return (
    <>
      <PageHeader title="Sessions" back={<Link to={`..?venue=${venueId ?? ''}`}>Timetables</Link>} />
      <div className="admin-filters">
        <VenuePicker venueId={venueId} venues={venues} choose={choose} />
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(event) => setRange('from', event.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(event) => setRange('to', event.target.value)}
        />
      </div>
      {done ? (
        <p role="status" className="admin-save-status admin-save-saved">
          {done}
        </p>
      ) : null}
      {venueId === undefined ? null : (
        <ListPage<AdminSession>
          path={sessionsPath}
          caption="Sessions"
          searchLabel="Search activities"
          emptyText="No sessions on these dates."
          filters={{ venue_id: venueId, from, to }}
          rowKey={(row) => row.id}
          columns={[
            { header: 'Date', cell: (row) => row.date },
            { header: 'Time', cell: (row) => `${row.start_time}–${row.end_time}` },
            { header: 'Activity', rowHeader: true, cell: (row) => row.activity_name },
            { header: 'Location', cell: (row) => row.location_name },
            {
              header: 'Places',
              cell: (row) => `${row.booked} booked, ${row.held} held of ${row.capacity}`,
            },
            { header: 'Status', cell: (row) => (row.cancelled ? 'Cancelled' : 'Running') },
            {
              header: 'Actions',
              cell: (row) =>
                row.cancelled ? null : (
                  <span className="admin-row-actions">
                    <Button
                      variant="secondary"
                      aria-label={`Cancel ${row.activity_name} on ${row.date} at ${row.start_time}`}
                      onClick={() => setDialog({ kind: 'cancel', session: row })}
                    >
                      Cancel
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Move ${row.activity_name} on ${row.date} at ${row.start_time}`}
                      onClick={() => setDialog({ kind: 'move', session: row })}
                    >
                      Move
                    </Button>
                  </span>
                ),
            },
          ]}
        />
      )}
      {dialog?.kind === 'cancel' ? (
        <CancelDialog session={dialog.session} onClose={() => setDialog(null)} onDone={setDone} />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog session={dialog.session} onClose={() => setDialog(null)} onDone={setDone} />
      ) : null}
    </>
  );
}

function CancelDialog({
  session,
  onClose,
  onDone,
}: {
  session: AdminSession;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [resolution, setResolution] = useState<'credit' | 'refund'>('credit');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await cancelSession(session.id, {
        resolution,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: adminKey(sessionsPath) });
      onDone(
        `Session cancelled: ${answer.bookings_cancelled} bookings cancelled, ${answer.emailed} people emailed.`,
      );
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const fields = fieldsOf(error);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Cancel ${session.activity_name} on ${session.date} at ${session.start_time}?`}
      description={`${session.booked} people are booked. Each is emailed.`}
      size="small"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className="field">
          <legend className="field-label">What the people booked get</legend>
          <label>
            <input
              type="radio"
              name="resolution"
              value="credit"
              checked={resolution === 'credit'}
              onChange={() => setResolution('credit')}
            />{' '}
            Account credit
          </label>
          <label>
            <input
              type="radio"
              name="resolution"
              value="refund"
              checked={resolution === 'refund'}
              onChange={() => setResolution('refund')}
            />{' '}
            Refund to how they paid
          </label>
          {fields.resolution ? (
            <p className="field-error" role="alert">
              {fields.resolution.join(' ')}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label="Reason (optional)"
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={fields.reason}
        />
        {error && !fields.resolution && !fields.reason ? (
          <p role="alert" className="form-error">
            {messageOf(error)}
          </p>
        ) : null}
        <div className="admin-dialog-actions">
          <Button type="submit" busy={busy} busyText="Working…">
            Cancel session
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Keep session
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function MoveDialog({
  session,
  onClose,
  onDone,
}: {
  session: AdminSession;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const choices = useTimetableChoices();
  const [date, setDate] = useState(session.date);
  const [time, setTime] = useState(session.start_time);
  const [location, setLocation] = useState(String(session.location_id));
  const [capacity, setCapacity] = useState(String(session.capacity));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await moveSession(session.id, {
        date,
        start_time: time,
        location_id: Number(location),
        capacity: capacity.trim() === '' ? Number.NaN : Number(capacity),
      });
      await queryClient.invalidateQueries({ queryKey: adminKey(sessionsPath) });
      onDone(
        `Session moved to ${answer.data.date} at ${answer.data.start_time}; ${answer.emailed} people emailed.`,
      );
      onClose();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const fields = fieldsOf(error);
  const locations = (choices.data?.locations ?? []).filter((row) => row.venue_id === session.venue_id);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Move ${session.activity_name} on ${session.date} at ${session.start_time}`}
      description="A one-off change of this session only; its bookings are kept."
      size="small"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Date"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          errors={fields.date}
        />
        <TextField
          label="Start time"
          type="time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          errors={fields.start_time}
        />
        <SelectField
          label="Location"
          options={locations.map((row) => ({ value: String(row.id), label: row.name }))}
          value={location}
          onChange={(event) => setLocation(event.target.value)}
          errors={fields.location_id}
        />
        <TextField
          label="Capacity"
          inputMode="numeric"
          value={capacity}
          onChange={(event) => setCapacity(event.target.value)}
          errors={fields.capacity}
        />
        {error && Object.keys(fields).length === 0 ? (
          <p role="alert" className="form-error">
            {messageOf(error)}
          </p>
        ) : null}
        <div className="admin-dialog-actions">
          <Button type="submit" busy={busy} busyText="Working…">
            Move session
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
    </Modal>
  );
}
export default SessionsScreen;
