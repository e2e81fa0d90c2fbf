import type { AdminActivity } from '@leisure/contract/admin/activities';
import { Link } from 'react-router';
import { activitiesPath } from '../../../../features/admin-activities/api';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { kindLabel } from './labels';

/** `/admin/activities`: the activities, searched and paged on the server. */
export function ActivityListScreen() {
  return (
    <>
      <PageHeader
        title="Activities"
        actions={
          <>
            <Link to="new" className="btn btn-primary">
              Add activity
            </Link>
            <Link to="categories" className="btn btn-secondary">
              Categories
            </Link>
            <Link to="locations" className="btn btn-secondary">
              Locations
            </Link>
          </>
        }
      />
      <ListPage<AdminActivity>
        path={activitiesPath}
        caption="Activities"
        searchLabel="Search activities"
        emptyText="No activities yet."
        rowKey={(activity) => activity.id}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (activity) => <Link to={String(activity.id)}>{activity.name}</Link>,
          },
          { header: 'Kind', cell: (activity) => kindLabel[activity.kind] },
          { header: 'Length', cell: (activity) => `${activity.duration_minutes} min` },
          { header: 'Venues', cell: (activity) => activity.venue_ids.length },
          {
            header: 'Prices',
            cell: (activity) => (
              <Link to={`${activity.id}/prices`} aria-label={`Prices of ${activity.name}`}>
                Prices
              </Link>
            ),
          },
        ]}
      />
    </>
  );
}
