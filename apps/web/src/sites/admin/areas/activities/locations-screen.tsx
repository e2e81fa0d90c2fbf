import { type AdminLocation, zLocationCreate } from '@leisure/contract/admin/activities';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { createLocation, locationsPath } from '../../../../features/admin-activities/api';
import { useAllVenues } from '../../../../features/admin-venues/api';
import { adminKey } from '../../../../shared/api/admin-api';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';

/** `/admin/activities/locations?venue=<id>`: a venue's courts, lanes and studios, and adding one. */
export function LocationsScreen() {
  const venues = useAllVenues();
  const [params, setParams] = useSearchParams();
  const venueId = Number(params.get('venue')) || venues.data?.data[0]?.id;
  return (
    <>
      <PageHeader title="Locations" back={<Link to="..">Activities</Link>} />
      <SelectField
        label="Venue"
        options={(venues.data?.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))}
        value={venueId ? String(venueId) : ''}
        onChange={(event) => setParams({ venue: event.target.value })}
      />
      {venueId ? <VenueLocations venueId={venueId} key={venueId} /> : null}
    </>
  );
}

function VenueLocations({ venueId }: { venueId: number }) {
  const queryClient = useQueryClient();
  const form = useAdminForm(zLocationCreate, {
    venue_id: venueId,
    slug: '',
    name: '',
    area: '',
    type: 'resource',
    position: 0,
  });
  const loose = form as unknown as UseFormReturn<FieldValues, unknown, FieldValues>;
  const save = useSaveForm(form, (values) => createLocation(values), {
    savedMessage: 'Location added.',
    onSaved: () => {
      form.reset();
      void queryClient.invalidateQueries({ queryKey: adminKey(locationsPath) });
    },
  });
  return (
    <>
      <ListPage<AdminLocation>
        path={locationsPath}
        filters={{ venue_id: venueId }}
        caption="Locations of the venue"
        searchLabel="Search locations"
        emptyText="This venue has no locations yet."
        rowKey={(location) => location.id}
        columns={[
          { header: 'Name', rowHeader: true, cell: (location) => location.name },
          { header: 'Facility', cell: (location) => location.area },
          { header: 'Type', cell: (location) => location.type },
          { header: 'Order', cell: (location) => location.position },
        ]}
      />
      <section className="admin-section" aria-labelledby="add-location">
        <h2 id="add-location">Add a location</h2>
        <form onSubmit={save.onSubmit} noValidate className="admin-form">
          <TextField
            label="Location name"
            required
            maxLength={80}
            errors={fieldErrors(loose, 'name')}
            {...form.register('name')}
          />
          <TextField
            label="Location web address name"
            required
            maxLength={80}
            errors={fieldErrors(loose, 'slug')}
            {...form.register('slug')}
          />
          <TextField
            label="Facility"
            hint="For example Sports Hall or Main Pool."
            required
            maxLength={80}
            errors={fieldErrors(loose, 'area')}
            {...form.register('area')}
          />
          <TextField
            label="Type"
            maxLength={40}
            errors={fieldErrors(loose, 'type')}
            {...form.register('type')}
          />
          <TextField
            label="Order"
            inputMode="numeric"
            errors={fieldErrors(loose, 'position')}
            {...form.register('position', { valueAsNumber: true })}
          />
          <SaveBar status={save.status} message={save.message} busy={save.busy} label="Add location" />
        </form>
      </section>
    </>
  );
}
