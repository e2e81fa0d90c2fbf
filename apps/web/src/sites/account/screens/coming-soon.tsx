import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/layout/page-title';

/** An honest placeholder for account pages that a later release brings; never invented data. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('account');
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <main id="main" className="page">
      <h1>{title}</h1>
      <p>{t('comingSoon')}</p>
    </main>
  );
}
