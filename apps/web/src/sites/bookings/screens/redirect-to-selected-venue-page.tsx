import { useTranslation } from 'react-i18next';
import { RedirectToSelectedVenue } from '../../../features/activities/components/redirect-to-selected-venue';
import { usePageTitle } from '../../../shared/layout/page-title';

/** `/redirect-to-selected-venue`: the header's 'Book an activity'. */
export function RedirectToSelectedVenuePage() {
  const { t } = useTranslation('bookings');
  // Named as the link that opens it, until it moves on to the venue (or the venue finder).
  usePageTitle(t('home.title'));
  return <RedirectToSelectedVenue />;
}
