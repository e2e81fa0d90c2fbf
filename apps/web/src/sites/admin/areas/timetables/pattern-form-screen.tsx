import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  changeEntry,
  createEntry,
  entriesPath,
  outcomeText,
  removeEntry,
  sessionsPath,
  type TimetableEntry,
  useTimetableChoices,
  useTimetableEntry,
} from '../../../../features/admin-timetables/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { ApiError } from '../../../../shared/api/client';
import { Button } from '../../../../shared/ui/button';
import { CheckboxGroup } from '../../../../shared/ui/checkbox-group';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { fieldErrors, SaveBar, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { dayNames } from './shared';

interface PatternValues {
  venue_id: string;
  activity_id: string;
  location_id: string;
  weekdays: string[];
  start_time: string;
  duration_minutes: string;
  capacity: string;
  instructor_name: string;
  starts_on: string;
  ends_on: string;
}

const blank: PatternValues = {
  venue_id: '',
  activity_id: '',
  location_id: '',
  weekdays: [],
  start_time: '',
  duration_minutes: '',
  capacity: '',
  instructor_name: '',
  starts_on: '',
  ends_on: '',
};

function valuesOf(entry: TimetableEntry): PatternValues {
  return {
    venue_id: String(entry.venue_id),
    activity_id: String(entry.activity_id),
    location_id: String(entry.location_id),
    weekdays: entry.weekdays.map(String),
    start_time: entry.start_time,
    duration_minutes: entry.duration_minutes === null ? '' : String(entry.duration_minutes),
    capacity: String(entry.capacity),
    instructor_name: entry.instructor_name ?? '',
    starts_on: entry.starts_on ?? '',
    ends_on: entry.ends_on ?? '',
  };
}

/** A number from a field, or NaN (the server answers 422 at the field) when it is not one. */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** `/admin/timetables/new` and `/admin/timetables/:id`: a weekly pattern's form. */
export function PatternFormScreen() {
  const params = useParams();
  const id = params.id === undefined ? undefined : Number(params.id);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const choices = useTimetableChoices();
  const entry = useTimetableEntry(id);
  const form = useForm<PatternValues>({ defaultValues: { ...blank, venue_id: search.get('venue') ?? '' } });
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | undefined>();
  const [removing, setRemoving] = useState(false);
  useEffect(() => {
    if (entry.data) form.reset(valuesOf(entry.data));
  }, [entry.data, form]);
  const venueId = form.watch('venue_id');
  const [outcome, setOutcome] = useState<string | undefined>();
  const save = useSaveForm(
    form,
    async (values) => {
      const body = {
        activity_id: numberOf(values.activity_id),
        location_id: numberOf(values.location_id),
        weekdays: values.weekdays.map(Number).sort(),
        start_time: values.start_time,
        duration_minutes: values.duration_minutes.trim() === '' ? null : numberOf(values.duration_minutes),
        capacity: numberOf(values.capacity),
        instructor_name: values.instructor_name.trim() || null,
        starts_on: values.starts_on || null,
        ends_on: values.ends_on || null,
      };
      const answer =
        id === undefined
          ? await createEntry({ ...body, venue_id: numberOf(values.venue_id) })
          : await changeEntry(id, body);
      setOutcome(outcomeText(answer.sessions));
      return answer;
    },
    {
      savedMessage: 'Weekly pattern saved.',
      onSaved: (answer) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(entriesPath) });
        void queryClient.invalidateQueries({ queryKey: adminKey(sessionsPath) });
        if (id === undefined) void navigate(`../${answer.data.id}?venue=${answer.data.venue_id}`);
      },
    },
  );
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const activities = (choices.data?.activities ?? []).filter((activity) => activity.kind !== 'course');
  const locations = (choices.data?.locations ?? []).filter(
    (location) => String(location.venue_id) === venueId,
  );

  const onRemove = async () => {
    if (id === undefined) return;
    setRemoving(true);
    setRemoveError(undefined);
    try {
      const answer = await removeEntry(id);
      await queryClient.invalidateQueries({ queryKey: adminKey(entriesPath) });
      await queryClient.invalidateQueries({ queryKey: adminKey(sessionsPath) });
      void navigate(`..?venue=${venueId}`, { state: { removed: outcomeText(answer.sessions) } });
    } catch (error) {
      setRemoveError(
        error instanceof ApiError ? error.message : 'Something has gone wrong, please try again.',
      );
    } finally {
      setRemoving(false);
    }
  };

  return (
    <>
      <PageHeader
        title={id === undefined ? 'New weekly pattern' : 'Weekly pattern'}
        back={<Link to={`..?venue=${venueId}`}>Timetables</Link>}
        actions={id === undefined ? null : <AuditHistoryLink entityType="timetable-entry" entityId={id} />}
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <SelectField
          label="Venue"
          required
          disabled={id !== undefined}
          options={(choices.data?.venues ?? []).map((venue) => ({
            value: String(venue.id),
            label: venue.name,
          }))}
          errors={fieldErrors(loose, 'venue_id')}
          {...form.register('venue_id')}
        />
        <SelectField
          label="Activity"
          required
          options={activities.map((activity) => ({
            value: String(activity.id),
            label: `${activity.name} (${activity.duration_minutes} min)`,
          }))}
          errors={fieldErrors(loose, 'activity_id')}
          {...form.register('activity_id')}
        />
        <SelectField
          label="Location"
          required
          options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
          errors={fieldErrors(loose, 'location_id')}
          {...form.register('location_id')}
        />
        <Controller
          control={form.control}
          name="weekdays"
          render={({ field }) => (
            <CheckboxGroup
              label="Days"
              name="weekdays"
              required
              options={dayNames.map((day, index) => ({ value: String(index), label: day }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              errors={fieldErrors(loose, 'weekdays')}
            />
          )}
        />
        <TextField
          label="Start time"
          type="time"
          required
          errors={fieldErrors(loose, 'start_time')}
          {...form.register('start_time')}
        />
        <TextField
          label="Duration in minutes (optional)"
          hint="Leave empty to use the activity's own duration."
          inputMode="numeric"
          errors={fieldErrors(loose, 'duration_minutes')}
          {...form.register('duration_minutes')}
        />
        <TextField
          label="Capacity"
          inputMode="numeric"
          required
          errors={fieldErrors(loose, 'capacity')}
          {...form.register('capacity')}
        />
        <TextField
          label="Instructor"
          maxLength={120}
          errors={fieldErrors(loose, 'instructor_name')}
          {...form.register('instructor_name')}
        />
        <TextField
          label="First date (optional)"
          type="date"
          errors={fieldErrors(loose, 'starts_on')}
          {...form.register('starts_on')}
        />
        <TextField
          label="Last date (optional)"
          type="date"
          errors={fieldErrors(loose, 'ends_on')}
          {...form.register('ends_on')}
        />
        <SaveBar
          status={save.status}
          message={save.status === 'saved' && outcome ? `${save.message} ${outcome}` : save.message}
          busy={save.busy}
          label="Save pattern"
        >
          {id === undefined ? null : (
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
              Remove pattern
            </Button>
          )}
        </SaveBar>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this weekly pattern?"
        description="Its future sessions nobody has booked are removed. Sessions with bookings are kept until you cancel them."
        confirmLabel="Remove"
        onConfirm={() => void onRemove()}
        busy={removing}
        error={removeError}
      />
    </>
  );
}
export default PatternFormScreen;
