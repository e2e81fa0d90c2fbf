import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { siteHomeHref, useSite } from '../app/site';
import { usePageTitle } from './page-title';

/**
 * The full-page views of shell-session-basket.md 2: the error, not-found and maintenance pages.
 * They are shown when the rest of the app may be broken, so each text has its English default
 * in code as well as in common.json, and "Go home" is a plain link (a fresh page load).
 */

interface StatusPageProps {
  title: string;
  heading: string;
  text: string;
  children?: ReactNode;
}

function StatusPage({ title, heading, text, children }: StatusPageProps) {
  usePageTitle(title);
  return (
    <main id="main" className="page status-page" tabIndex={-1}>
      <h1>{heading}</h1>
      <p>{text}</p>
      {children ? <div className="status-page-actions">{children}</div> : null}
    </main>
  );
}

function GoHome() {
  const { t } = useTranslation('common');
  const { basename } = useSite();
  return (
    <a className="btn btn-primary" href={siteHomeHref(basename)}>
      {t('errors.goHome', 'Go home')}
    </a>
  );
}

export interface FullPageErrorProps {
  /** Offers a reload (a script chunk that failed to load). */
  reload?: boolean;
}

export function FullPageError({ reload = false }: FullPageErrorProps) {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      title={t('errors.failed.title', 'Something went wrong')}
      heading={t('errors.failed.heading', 'We may have dropped the ball on this one.')}
      text={t(
        'errors.failed.text',
        'The page failed to load correctly. Try refreshing the page or return to the home page.',
      )}
    >
      {reload ? (
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          {t('errors.reload', 'Reload the page')}
        </button>
      ) : null}
      <GoHome />
    </StatusPage>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      title={t('errors.notFound.title', 'Page not found')}
      heading={t('errors.notFound.heading', "Whoops! Looks like you've gone offside.")}
      text={t(
        'errors.notFound.text',
        "The page you're looking for doesn't exist. Return home to keep the ball rolling.",
      )}
    >
      <GoHome />
    </StatusPage>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation('common');
  return (
    <StatusPage
      title={t('errors.maintenance.title', 'Service disruption')}
      heading={t('errors.maintenance.heading', 'Service disruption')}
      text={t('errors.maintenance.text', 'Unable to access the site due to planned maintenance.')}
    />
  );
}
