import {
  type AdminVenue,
  type OpeningHours,
  type VenueCreate,
  weekdays,
  zVenueCreate,
} from '@leisure/contract/admin/venues';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  createVenue,
  findPosition,
  updateVenue,
  useAdminVenue,
  venuesPath,
} from '../../../../features/admin-venues/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { PageHeader } from '../../kit/page-header';

const dayLabel: Record<(typeof weekdays)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const closedWeek = Object.fromEntries(
  weekdays.map((day) => [day, { opens: null, closes: null }]),
) as OpeningHours;

const inherit = [
  { value: '', label: "As the operator's setting" },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const triState = {
  setValueAs: (value: unknown) =>
    value === '' || value === null ? null : value === true || value === 'true',
};
const orNull = { setValueAs: (value: unknown) => (value === '' || value === undefined ? null : value) };

function defaultsOf(venue: AdminVenue | undefined) {
  return {
    slug: venue?.slug ?? '',
    name: venue?.name ?? '',
    address1: venue?.address1 ?? '',
    address2: venue?.address2 ?? '',
    town: venue?.town ?? '',
    area: venue?.area ?? '',
    postcode: venue?.postcode ?? '',
    lat: venue?.lat ?? (undefined as unknown as number),
    lng: venue?.lng ?? (undefined as unknown as number),
    timezone: venue?.timezone ?? 'Europe/London',
    phone: venue?.phone ?? '',
    email: venue?.email ?? '',
    opening_hours: venue?.opening_hours ?? closedWeek,
    display_venue_selection_button: venue?.display_venue_selection_button ?? null,
    can_display_ineligible_memberships: venue?.can_display_ineligible_memberships ?? false,
    activities_v2_enabled: venue?.activities_v2_enabled ?? null,
  };
}

/** A week with no hours given is "not given" (null), not "closed every day". */
function hoursOrNull(hours: OpeningHours | null): OpeningHours | null {
  if (!hours) return null;
  return weekdays.some((day) => hours[day].opens !== null) ? hours : null;
}

/** `/admin/venues/new` and `/admin/venues/:id`: a venue's details, position, hours and settings. */
export function VenueFormScreen() {
  const { id } = useParams();
  const venue = useAdminVenue(id);
  if (id !== undefined && venue.isPending) return <p role="status">Loading…</p>;
  if (id !== undefined && venue.isError) {
    return (
      <p role="alert" className="form-error">
        This venue could not be loaded.
      </p>
    );
  }
  return <VenueForm venue={venue.data} key={venue.data?.id ?? 'new'} />;
}

function VenueForm({ venue }: { venue: AdminVenue | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = venue ? zVenueCreate.extend({ slug: zVenueCreate.shape.slug.optional() }) : zVenueCreate;
  const form = useAdminForm(schema, defaultsOf(venue));
  const save = useSaveForm(
    form,
    (values) => {
      const body = { ...values, opening_hours: hoursOrNull(values.opening_hours) };
      if (venue) {
        const { slug: _slug, ...changes } = body;
        return updateVenue(venue.id, changes);
      }
      return createVenue(body as VenueCreate);
    },
    {
      savedMessage: venue ? 'Venue saved.' : 'Venue created.',
      onSaved: (saved) => {
        void queryClient.invalidateQueries({ queryKey: adminKey(venuesPath) });
        if (!venue) void navigate(`../${saved.id}`);
      },
    },
  );
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const [lookup, setLookup] = useState<string | undefined>();
  const findOnMap = async () => {
    setLookup('Looking up…');
    try {
      const place = await findPosition(form.getValues('postcode'), form.getValues('town'));
      if (!place) {
        setLookup('That place was not found: type the latitude and longitude.');
        return;
      }
      form.setValue('lat', place.lat, { shouldDirty: true });
      form.setValue('lng', place.lng, { shouldDirty: true });
      setLookup(`Position set from ${place.name}.`);
    } catch {
      setLookup('The look-up failed: type the latitude and longitude.');
    }
  };
  const title = venue ? venue.name : 'Add a venue';

  return (
    <>
      <PageHeader
        title={title}
        back={<Link to="..">Venues</Link>}
        actions={venue ? <AuditHistoryLink entityType="venue" entityId={venue.id} /> : undefined}
      />
      <form onSubmit={save.onSubmit} noValidate className="admin-form">
        <TextField
          label="Name"
          required
          maxLength={120}
          errors={fieldErrors(loose, 'name')}
          {...form.register('name')}
        />
        {venue ? (
          <p>
            Web address name: <code>{venue.slug}</code> (customers' links use it, so it does not change)
          </p>
        ) : (
          <TextField
            label="Web address name"
            hint="Lower-case letters, digits and hyphens, e.g. leeds-riverside. It cannot be changed later."
            required
            maxLength={80}
            errors={fieldErrors(loose, 'slug')}
            {...form.register('slug')}
          />
        )}
        <fieldset>
          <legend>Address</legend>
          <TextField
            label="Address line 1"
            required
            maxLength={120}
            errors={fieldErrors(loose, 'address1')}
            {...form.register('address1')}
          />
          <TextField
            label="Address line 2"
            maxLength={120}
            errors={fieldErrors(loose, 'address2')}
            {...form.register('address2', orNull)}
          />
          <TextField
            label="Town"
            required
            maxLength={80}
            errors={fieldErrors(loose, 'town')}
            {...form.register('town')}
          />
          <TextField
            label="Area"
            hint="The region venue lists group it under, e.g. Yorkshire."
            maxLength={80}
            errors={fieldErrors(loose, 'area')}
            {...form.register('area')}
          />
          <TextField
            label="Postcode"
            required
            maxLength={10}
            errors={fieldErrors(loose, 'postcode')}
            {...form.register('postcode')}
          />
        </fieldset>
        <fieldset>
          <legend>Position on the map</legend>
          <Button type="button" variant="secondary" onClick={() => void findOnMap()}>
            Find position from postcode
          </Button>
          <p role="status">{lookup}</p>
          <TextField
            label="Latitude"
            inputMode="decimal"
            required
            errors={fieldErrors(loose, 'lat')}
            {...form.register('lat', { valueAsNumber: true })}
          />
          <TextField
            label="Longitude"
            inputMode="decimal"
            required
            errors={fieldErrors(loose, 'lng')}
            {...form.register('lng', { valueAsNumber: true })}
          />
        </fieldset>
        <TextField
          label="Time zone"
          hint="For example Europe/London."
          required
          errors={fieldErrors(loose, 'timezone')}
          {...form.register('timezone')}
        />
        <TextField
          label="Phone"
          type="tel"
          maxLength={40}
          errors={fieldErrors(loose, 'phone')}
          {...form.register('phone', orNull)}
        />
        <TextField
          label="Email"
          type="email"
          maxLength={254}
          errors={fieldErrors(loose, 'email')}
          {...form.register('email', orNull)}
        />
        <fieldset>
          <legend>Opening hours</legend>
          <p>Leave both times empty on a day the venue is closed.</p>
          {weekdays.map((day) => (
            <div key={day} className="admin-form-row">
              <TextField
                label={`${dayLabel[day]} opens`}
                type="time"
                errors={fieldErrors(loose, `opening_hours.${day}.opens`)}
                {...form.register(`opening_hours.${day}.opens`, orNull)}
              />
              <TextField
                label={`${dayLabel[day]} closes`}
                type="time"
                errors={fieldErrors(loose, `opening_hours.${day}.closes`)}
                {...form.register(`opening_hours.${day}.closes`, orNull)}
              />
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Settings</legend>
          <SelectField
            label="Show the venue selection button"
            options={inherit}
            errors={fieldErrors(loose, 'display_venue_selection_button')}
            {...form.register('display_venue_selection_button', triState)}
          />
          <SelectField
            label="Activities (new version)"
            options={inherit}
            errors={fieldErrors(loose, 'activities_v2_enabled')}
            {...form.register('activities_v2_enabled', triState)}
          />
          <CheckboxField
            label="Show memberships the customer is not eligible for"
            {...form.register('can_display_ineligible_memberships')}
          />
        </fieldset>
        <SaveBar
          status={save.status}
          message={save.message}
          busy={save.busy}
          label={venue ? 'Save venue' : 'Create venue'}
        />
      </form>
    </>
  );
}
