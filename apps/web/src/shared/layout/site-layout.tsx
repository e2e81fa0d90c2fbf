import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppStarted } from '../app/app-started';
import { lazyWithTimeout } from '../app/lazy';
import { useModes } from '../modes/modes';
import { PageLoading } from '../ui/page-spinner';
import { Breadcrumbs } from './breadcrumbs';
import { SiteHeader } from './header';
import { KioskIdleLogout } from './kiosk-idle';
import { TestPaymentsBanner } from './test-payments-banner';

// DOMPurify comes with the footer, after the first paint.
const SiteFooter = lazyWithTimeout(() => import('./footer'), 'SiteFooter');

/**
 * The chrome of every sub-site: skip link, header, breadcrumbs, the page, footer. Embedded mode
 * hides the header, footer and breadcrumbs; kiosk mode adds the idle logout.
 */
export function SiteLayout() {
  const { t } = useTranslation('common');
  const { embedded } = useModes();
  return (
    <div className={embedded ? 'site site-embedded' : 'site'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <TestPaymentsBanner />
      {embedded ? null : <SiteHeader />}
      <div className="site-body">
        {embedded ? null : <Breadcrumbs />}
        <Suspense fallback={<PageLoading />}>
          <Outlet />
          <AppStarted />
        </Suspense>
      </div>
      {embedded ? null : (
        <Suspense fallback={<footer className="site-footer" />}>
          <SiteFooter />
        </Suspense>
      )}
      <KioskIdleLogout />
    </div>
  );
}
