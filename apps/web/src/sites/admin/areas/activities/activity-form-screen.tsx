import { type AdminActivity, zActivityCreate } from '@leisure/contract/admin/activities';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  activitiesPath,
  createActivity,
  updateActivity,
  useAdminActivity,
  useAllCategories,
} from '../../../../features/admin-activities/api';
import { useAllVenues } from '../../../../features/admin-venues/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';
import { kindOptions } from './labels';
import { zPounds } from './money';

const zDetails = zActivityCreate.omit({ pricing: true }).extend({
  /** Tags as typed: 'Adults, Beginners'. */
  tags: z
    .string()
    .max(900)
    .transform((text) =>
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
});
/** A new activity's form: its details and its first prices (standard, and optionally members'). */
const zNew = zDetails.extend({ standard_price: zPounds, member_price: z.union([z.literal(''), zPounds]) });
const zEdit = zDetails.extend({ slug: z.string().optional() });

const numberValue = { setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) };
const orNull = { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) };

function defaultsOf(activity: AdminActivity | undefined) {
  return {
    slug: activity?.slug ?? '',
    name: activity?.name ?? '',
    category_id: activity?.category_id ?? (Number.NaN as number),
    kind: activity?.kind ?? 'court',
    description: activity?.description ?? '',
    duration_minutes: activity?.duration_minutes ?? 60,
    booking_window_days: activity?.booking_window_days ?? 7,
    booking_opens_at: activity?.booking_opens_at ?? null,
    cancellation_cutoff_minutes: activity?.cancellation_cutoff_minutes ?? 0,
    credit_on_cancellation: activity?.credit_on_cancellation ?? true,
    needs_waiver: activity?.needs_waiver ?? false,
    has_waitlist: activity?.has_waitlist ?? false,
    allows_anonymous_bookings: activity?.allows_anonymous_bookings ?? false,
    tags: (activity?.tags ?? []).join(', '),
    position: activity?.position ?? 0,
    venue_ids: activity?.venue_ids ?? [],
    standard_price: '',
    member_price: '',
  };
}

/** `/admin/activities/new` and `/admin/activities/:id`: an activity, its release rule and venues. */
export function ActivityFormScreen() {
  const { id } = useParams();
  const activity = useAdminActivity(id);
  if (id !== undefined && activity.isPending) return <p role="status">Loading…</p>;
  if (id !== undefined && activity.isError) {
    return (
      <p role="alert" className="form-error">
        This activity could not be loaded.
      </p>
    );
  }
  return <ActivityForm activity={activity.data} key={activity.data?.id ?? 'new'} />;
}

function ActivityForm({ activity }: { activity: AdminActivity | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useAllCategories();
  const venues = useAllVenues();
  const form = useAdminForm(activity ? zEdit : zNew, defaultsOf(activity) as never);
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const save = useSaveForm(
    loose,
    (values) => {
      const { standard_price, member_price, slug, kind, ...details } = values;
      if (activity) return updateActivity(activity.id, details);
      return createActivity({
        ...details,
        slug,
        kind,
        pricing: [
          { name: 'Standard', for_members: false, tickets: [{ name: 'Adult', amount: standard_price }] },
          ...(member_price === ''
            ? []
            : [{ name: 'Member', for_members: true, tickets: [{ name: 'Adult', amount: member_price }] }]),
        ],
      } as Parameters<typeof createActivity>[0]);
    },
    {
      savedMessage: activity ? 'Activity saved.' : 'Activity created.',
      onSaved: (saved) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(activitiesPath) });
        if (!activity) void navigate(`../${saved.id}`);
      },
    },
  );
  const kind = loose.watch('kind') as string;
  const chosen = (loose.watch('venue_ids') as number[] | undefined) ?? [];
  const toggleVenue = (venueId: number, on: boolean) =>
    loose.setValue(
      'venue_ids',
      on ? [...chosen, venueId].sort((a, b) => a - b) : chosen.filter((v) => v !== venueId),
      { shouldDirty: true },
    );

  return (
    <>
      <PageHeader
        title={activity ? activity.name : 'Add an activity'}
        back={<Link to="..">Activities</Link>}
        actions={
          activity ? (
            <>
              <Link to="prices" className="btn btn-secondary">
                Prices
              </Link>
              <AuditHistoryLink entityType="activity" entityId={activity.id} />
            </>
          ) : undefined
        }
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <TextField
          label="Name"
          required
          maxLength={120}
          errors={fieldErrors(loose, 'name')}
          {...loose.register('name')}
        />
        {activity ? (
          <p>
            Web address name: <code>{activity.slug}</code>
          </p>
        ) : (
          <TextField
            label="Web address name"
            hint="Lower-case letters, digits and hyphens, e.g. badminton-40min. It cannot be changed later."
            required
            maxLength={80}
            errors={fieldErrors(loose, 'slug')}
            {...loose.register('slug')}
          />
        )}
        <SelectField
          label="Category"
          required
          placeholder="Choose a category"
          options={(categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          errors={fieldErrors(loose, 'category_id')}
          {...loose.register('category_id', numberValue)}
        />
        {activity ? null : (
          <SelectField
            label="Kind"
            required
            options={kindOptions}
            errors={fieldErrors(loose, 'kind')}
            {...loose.register('kind')}
          />
        )}
        <TextField
          label="Description"
          maxLength={5000}
          errors={fieldErrors(loose, 'description')}
          {...loose.register('description')}
        />
        <TextField
          label={kind === 'court' ? 'Slot length in minutes' : 'Length in minutes'}
          inputMode="numeric"
          required
          errors={fieldErrors(loose, 'duration_minutes')}
          {...loose.register('duration_minutes', numberValue)}
        />
        <fieldset>
          <legend>When places are released</legend>
          <TextField
            label="Days ahead bookings open"
            inputMode="numeric"
            required
            errors={fieldErrors(loose, 'booking_window_days')}
            {...loose.register('booking_window_days', numberValue)}
          />
          <TextField
            label="Time bookings open"
            hint="Leave empty to open at the session's own start time."
            type="time"
            errors={fieldErrors(loose, 'booking_opens_at')}
            {...loose.register('booking_opens_at', orNull)}
          />
        </fieldset>
        <fieldset>
          <legend>Cancelling</legend>
          <TextField
            label="Cancellation cut-off in minutes"
            inputMode="numeric"
            required
            errors={fieldErrors(loose, 'cancellation_cutoff_minutes')}
            {...loose.register('cancellation_cutoff_minutes', numberValue)}
          />
          <CheckboxField
            label="Give account credit on cancellation"
            {...loose.register('credit_on_cancellation')}
          />
        </fieldset>
        <fieldset>
          <legend>Booking</legend>
          <CheckboxField label="Needs a signed waiver" {...loose.register('needs_waiver')} />
          <CheckboxField label="Offer a waitlist when full" {...loose.register('has_waitlist')} />
          <CheckboxField
            label="Allow bookings without names"
            {...loose.register('allows_anonymous_bookings')}
          />
          <TextField
            label="Tags"
            hint="Separate tags with commas."
            errors={fieldErrors(loose, 'tags')}
            {...loose.register('tags')}
          />
          <TextField
            label="Order"
            inputMode="numeric"
            errors={fieldErrors(loose, 'position')}
            {...loose.register('position', numberValue)}
          />
        </fieldset>
        <fieldset>
          <legend>Venues offering it</legend>
          {(venues.data?.data ?? []).map((venue) => (
            <CheckboxField
              key={venue.id}
              label={venue.name}
              checked={chosen.includes(venue.id)}
              onChange={(event) => toggleVenue(venue.id, event.target.checked)}
            />
          ))}
          {fieldErrors(loose, 'venue_ids') ? (
            <p className="form-error" role="alert">
              {fieldErrors(loose, 'venue_ids')?.join(' ')}
            </p>
          ) : null}
        </fieldset>
        {activity ? null : (
          <fieldset>
            <legend>First prices</legend>
            <TextField
              label="Standard adult price (£)"
              inputMode="decimal"
              required
              errors={fieldErrors(loose, 'standard_price')}
              {...loose.register('standard_price')}
            />
            <TextField
              label="Member adult price (£)"
              hint="Leave empty for no member price."
              inputMode="decimal"
              errors={fieldErrors(loose, 'member_price')}
              {...loose.register('member_price')}
            />
          </fieldset>
        )}
        <SaveBar
          status={save.status}
          message={save.message}
          busy={save.busy}
          label={activity ? 'Save activity' : 'Create activity'}
        />
      </form>
    </>
  );
}
