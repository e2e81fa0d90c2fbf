import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSelectVenueFromPath } from '../../../shared/venue/selected-venue';

/**
 * The bookings home. The timetable and the venue list come with the bookings API; until then the
 * page says so rather than showing invented data.
 */
export function HomePage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('home.title'));
  useSelectVenueFromPath(useParams().slug);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>{t('home.title')}</h1>
      <p>{t('home.comingSoon')}</p>
    </main>
  );
}
