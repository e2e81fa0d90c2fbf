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

/**
 * A whole page that is still loading (a lazy screen, the session): it is still a page, with the
 * main landmark the skip link points at and a level-one heading, so assistive technology (and axe)
 * meets a complete document in the moment before the screen arrives.
 */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <main id="main" className="page" aria-busy="true">
      <h1 className="visually-hidden">{t('app.loading', 'Loading')}</h1>
      <PageSpinner />
    </main>
  );
}
