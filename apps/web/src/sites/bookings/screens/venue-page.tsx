import { useParams } from 'react-router';
import { VenueActivities } from '../../../features/activities/components/venue-activities';

/** `/location/{venue}`: the venue's categories and activities. */
export function VenuePage() {
  const { venue = '' } = useParams();
  return (
    <main id="main" className="page" tabIndex={-1}>
      <VenueActivities venue={venue} />
    </main>
  );
}
