import { Link } from 'react-router';
import { entriesPath, type TimetableEntry } from '../../../../features/admin-timetables/api';
import { ListPage } from '../../kit/list-page';
import { PageHeader } from '../../kit/page-header';
import { dayShort, useChosenVenue, VenuePicker } from './shared';

/** `/admin/timetables`: a venue's weekly patterns, with the way to sessions and courses. */
export function TimetablesScreen() {
  const { venueId, venues, choose } = useChosenVenue();
  const venueQuery = venueId === undefined ? '' : `?venue=${venueId}`;
  return (
    <>
      <PageHeader
        title="Timetables"
        description="Weekly patterns make the sessions customers book; sessions can be cancelled or moved one by one."
        actions={
          <>
            <Link className="btn btn-primary" to={`new${venueQuery}`}>
              New weekly pattern
            </Link>
            <Link className="btn btn-secondary" to={`sessions${venueQuery}`}>
              Sessions
            </Link>
            <Link className="btn btn-secondary" to={`courses${venueQuery}`}>
              Courses
            </Link>
          </>
        }
      />
      <VenuePicker venueId={venueId} venues={venues} choose={choose} />
      {venueId === undefined ? null : (
        <ListPage<TimetableEntry>
          path={entriesPath}
          caption="Weekly patterns"
          searchLabel="Search activities"
          emptyText="No weekly patterns at this venue yet."
          filters={{ venue_id: venueId }}
          rowKey={(row) => row.id}
          columns={[
            {
              header: 'Activity',
              rowHeader: true,
              cell: (row) => <Link to={`${row.id}`}>{row.activity_name}</Link>,
            },
            { header: 'Days', cell: (row) => row.weekdays.map((day) => dayShort[day]).join(', ') },
            { header: 'Start', cell: (row) => row.start_time },
            { header: 'Minutes', cell: (row) => row.effective_duration_minutes },
            { header: 'Location', cell: (row) => row.location_name },
            { header: 'Capacity', cell: (row) => row.capacity },
            {
              header: 'Dates',
              cell: (row) =>
                row.starts_on || row.ends_on
                  ? `${row.starts_on ?? '…'} to ${row.ends_on ?? '…'}`
                  : 'Every week',
            },
          ]}
        />
      )}
    </>
  );
}
export default TimetablesScreen;
