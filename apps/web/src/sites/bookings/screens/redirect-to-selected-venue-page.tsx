import { RedirectToSelectedVenue } from '../../../features/activities/components/redirect-to-selected-venue';

/** `/redirect-to-selected-venue`: the header's 'Book an activity'. */
export function RedirectToSelectedVenuePage() {
  return <RedirectToSelectedVenue />;
}
