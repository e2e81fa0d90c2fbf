import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSelectVenueFromPath } from '../../../shared/venue/selected-venue';

/** Buy a membership. The joining flow comes with the joining work; until then the page says so. */
export function MembershipsPage() {
  const { t } = useTranslation('flow');
  usePageTitle(t('joining.title'));
  useSelectVenueFromPath(useParams().slug);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>{t('joining.title')}</h1>
      <p>{t('joining.comingSoon')}</p>
    </main>
  );
}
