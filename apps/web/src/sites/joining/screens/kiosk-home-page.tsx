import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import { useClient } from '../../../shared/operator/use-client';

/** The kiosk home on the joining site (/kiosk/?kiosk=true): where an idle kiosk returns. */
export function KioskHomePage() {
  const { t } = useTranslation('flow');
  const { data: client } = useClient();
  usePageTitle(t('kiosk.title'));
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>{t('kiosk.heading', { app: client?.appName ?? '' })}</h1>
      <p>{t('kiosk.intro')}</p>
      <ul className="link-list">
        <li>
          <SiteLink site="bookings" to="/redirect-to-selected-venue">
            {t('kiosk.book')}
          </SiteLink>
        </li>
        {client?.onlineJoiningEnabled ? (
          <li>
            <SiteLink site="joining" to="/">
              {t('kiosk.join')}
            </SiteLink>
          </li>
        ) : null}
        <li>
          <SiteLink site="account" to="/">
            {t('kiosk.account')}
          </SiteLink>
        </li>
      </ul>
    </main>
  );
}
