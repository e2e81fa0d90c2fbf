import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useWaiver } from '../../../features/waivers/api/get-waiver';
import { WaiverDetails } from '../../../features/waivers/components/waiver-view';
import { WaiversList } from '../../../features/waivers/components/waivers-list';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { PageSpinner } from '../../../shared/ui/page-spinner';

/** /user-details/waivers: the member's waivers (my-account.md 2.1, 2.8). */
export function WaiversScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('documents.waivers.listTitle'));
  return (
    <main id="main" className="page">
      <h1>{t('documents.waivers.listTitle')}</h1>
      <WaiversList />
      <p>
        <Link className="back-link" to="/user-details">
          {t('documents.waivers.backToDetails')}
        </Link>
      </p>
    </main>
  );
}

/** /user-details/waivers/{slug}: one waiver, to read and sign (my-account.md 2.8). */
export function WaiverScreen() {
  const { t } = useTranslation('account');
  const { slug = '' } = useParams();
  const waiver = useWaiver(slug);
  usePageTitle(waiver.data?.title ?? t('documents.waivers.listTitle'));

  if (waiver.isPending) {
    return (
      <main id="main" className="page">
        <h1 className="visually-hidden">{t('documents.waivers.listTitle')}</h1>
        <PageSpinner />
      </main>
    );
  }
  if (waiver.isError) {
    const notFound = waiver.error instanceof ApiError && [403, 404].includes(waiver.error.status);
    return (
      <main id="main" className="page">
        <h1>{notFound ? t('documents.waivers.notFound') : t('common.genericError')}</h1>
        <p>
          <Link className="back-link" to="/user-details/waivers">
            {t('documents.waivers.backToList')}
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="page page-form">
      <h1>{waiver.data.title}</h1>
      {waiver.data.restriction.type === 'enhanced-pre-waiver' ? (
        <p>
          <span className="waiver-tag waiver-tag-enhanced">{t('documents.waivers.enhanced')}</span>
        </p>
      ) : null}
      <WaiverDetails
        key={`${waiver.data.slug}-${waiver.data.signed?.datetimeString ?? ''}`}
        waiver={waiver.data}
      />
      <p>
        <Link className="back-link" to="/user-details/waivers">
          {t('documents.waivers.backToList')}
        </Link>
      </p>
    </main>
  );
}
