import { useTranslation } from 'react-i18next';

/** The one loading view: while the theme and fonts load, a lazy screen arrives or a form's fields load. */
export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('app.loading', 'Loading')}</span>
    </div>
  );
}
