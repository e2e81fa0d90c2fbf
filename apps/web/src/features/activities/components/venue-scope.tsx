import { Outlet, useParams } from 'react-router';
import { useSelectVenueFromPath } from '../../../shared/venue/selected-venue';

/** Every page under `/location/{venue}` selects that venue (the shared cookie), as the spec asks. */
export function VenueScope() {
  useSelectVenueFromPath(useParams().venue);
  return <Outlet />;
}
