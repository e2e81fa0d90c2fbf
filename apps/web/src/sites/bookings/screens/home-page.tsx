import { useTranslation } from 'react-i18next';
import { VenueFinder } from '../../../features/activities/components/venue-finder';
import { usePageTitle } from '../../../shared/layout/page-title';

/** `/`: find a venue (bookings-api.md "Pages"). */
export function HomePage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('home.title'));
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1 data-testid="welcome">{t('home.title')}</h1>
      <VenueFinder />
    </main>
  );
}
