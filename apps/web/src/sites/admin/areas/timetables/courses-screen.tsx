import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  type AdminCourse,
  coursesPath,
  createCourse,
  sessionsPath,
  useTimetableChoices,
} from '../../../../features/admin-timetables/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { useChosenVenue, VenuePicker } from './shared';

/** `/admin/timetables/courses`: a venue's courses. */
export function CoursesScreen() {
  const { venueId, venues, choose } = useChosenVenue();
  return (
    <>
      <PageHeader
        title="Courses"
        back={<Link to={`..?venue=${venueId ?? ''}`}>Timetables</Link>}
        actions={
          <Link className="btn btn-primary" to={`new?venue=${venueId ?? ''}`}>
            New course
          </Link>
        }
      />
      <VenuePicker venueId={venueId} venues={venues} choose={choose} />
      {venueId === undefined ? null : (
        <ListPage<AdminCourse>
          path={coursesPath}
          caption="Courses"
          searchLabel="Search courses"
          emptyText="No courses at this venue yet."
          filters={{ venue_id: venueId }}
          rowKey={(row) => row.id}
          columns={[
            { header: 'Course', rowHeader: true, cell: (row) => row.name },
            { header: 'Activity', cell: (row) => row.activity_name },
            { header: 'Sessions', cell: (row) => row.sessions_count },
            { header: 'First date', cell: (row) => row.first_date ?? '' },
            {
              header: 'History',
              cell: (row) => <AuditHistoryLink entityType="course" entityId={row.id} />,
            },
          ]}
        />
      )}
    </>
  );
}

interface CourseValues {
  venue_id: string;
  activity_id: string;
  location_id: string;
  name: string;
  dates: string;
  start_time: string;
  capacity: string;
  instructor_name: string;
}

/** `/admin/timetables/courses/new`: a course of dated sessions. */
export function CourseFormScreen() {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const choices = useTimetableChoices();
  const form = useForm<CourseValues>({
    defaultValues: {
      venue_id: search.get('venue') ?? '',
      activity_id: '',
      location_id: '',
      name: '',
      dates: '',
      start_time: '',
      capacity: '',
      instructor_name: '',
    },
  });
  const [created, setCreated] = useState<string | undefined>();
  const venueId = form.watch('venue_id');
  const save = useSaveForm(
    form,
    async (values) => {
      const answer = await createCourse({
        venue_id: Number(values.venue_id) || Number.NaN,
        activity_id: Number(values.activity_id) || Number.NaN,
        location_id: Number(values.location_id) || Number.NaN,
        name: values.name,
        dates: values.dates
          .split(/[\s,]+/)
          .map((date) => date.trim())
          .filter(Boolean),
        start_time: values.start_time,
        capacity: values.capacity.trim() === '' ? Number.NaN : Number(values.capacity),
        instructor_name: values.instructor_name.trim() || null,
      });
      setCreated(`${answer.data.name}: ${answer.session_ids.length} sessions created.`);
      return answer;
    },
    {
      savedMessage: 'Course created.',
      onSaved: () => {
        void queryClient.invalidateQueries({ queryKey: adminKey(coursesPath) });
        void queryClient.invalidateQueries({ queryKey: adminKey(sessionsPath) });
      },
    },
  );
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const activities = (choices.data?.activities ?? []).filter((activity) => activity.kind === 'course');
  const locations = (choices.data?.locations ?? []).filter(
    (location) => String(location.venue_id) === venueId,
  );
  return (
    <>
      <PageHeader title="New course" back={<Link to={`..?venue=${venueId}`}>Courses</Link>} />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <SelectField
          label="Venue"
          required
          options={(choices.data?.venues ?? []).map((venue) => ({
            value: String(venue.id),
            label: venue.name,
          }))}
          errors={fieldErrors(loose, 'venue_id')}
          {...form.register('venue_id')}
        />
        <SelectField
          label="Course activity"
          required
          options={activities.map((activity) => ({ value: String(activity.id), label: activity.name }))}
          errors={fieldErrors(loose, 'activity_id')}
          {...form.register('activity_id')}
        />
        <TextField
          label="Course name"
          required
          maxLength={120}
          errors={fieldErrors(loose, 'name')}
          {...form.register('name')}
        />
        {/* The hint and the error describe the field; its name is its label alone. */}
        <div className="field">
          <label className="field-label" htmlFor="course-dates">
            Dates
          </label>
          <span className="field-hint" id="course-dates-hint">
            One date a line, as YYYY-MM-DD.
          </span>
          <textarea
            id="course-dates"
            rows={5}
            {...form.register('dates')}
            aria-describedby={
              fieldErrors(loose, 'dates') ? 'course-dates-hint course-dates-error' : 'course-dates-hint'
            }
            aria-invalid={fieldErrors(loose, 'dates') ? true : undefined}
          />
          {fieldErrors(loose, 'dates') ? (
            <span className="field-error" id="course-dates-error">
              {fieldErrors(loose, 'dates')?.join(' ')}
            </span>
          ) : null}
        </div>
        <TextField
          label="Start time"
          type="time"
          required
          errors={fieldErrors(loose, 'start_time')}
          {...form.register('start_time')}
        />
        <SelectField
          label="Location"
          required
          options={locations.map((location) => ({ value: String(location.id), label: location.name }))}
          errors={fieldErrors(loose, 'location_id')}
          {...form.register('location_id')}
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
        <SaveBar
          status={save.status}
          message={save.status === 'saved' && created ? `${save.message} ${created}` : save.message}
          busy={save.busy}
          label="Create course"
        />
      </form>
    </>
  );
}
