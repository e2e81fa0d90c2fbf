import type { AdminVenue } from '@leisure/contract/admin/venues';
import { Link } from 'react-router';
import { venuesPath } from '../../../../features/admin-venues/api';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';

/** `/admin/venues`: the operator's venues, searched and paged on the server. */
export function VenueListScreen() {
  return (
    <>
      <PageHeader
        title="Venues"
        actions={
          <Link to="new" className="btn btn-primary">
            Add venue
          </Link>
        }
      />
      <ListPage<AdminVenue>
        path={venuesPath}
        caption="Venues"
        searchLabel="Search venues"
        emptyText="No venues yet."
        rowKey={(venue) => venue.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (venue) => <Link to={String(venue.id)}>{venue.name}</Link>,
          },
          { header: 'Town', cell: (venue) => venue.town },
          { header: 'Area', cell: (venue) => venue.area },
          { header: 'Postcode', cell: (venue) => venue.postcode },
          { header: 'Web address name', cell: (venue) => venue.slug },
        ]}
      />
    </>
  );
}
