import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';

/** The dashboard: the welcome with the customer number is real; the rest comes later. */
export function DashboardScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('nav.dashboard'));
  const { user } = useSession();
  return (
    <main id="main" className="page">
      <h1>{t('nav.dashboard')}</h1>
      {user ? (
        <section className="welcome" aria-label={t('dashboard.welcomeLabel')}>
          <p className="welcome-name">
            {t('dashboard.welcome', { name: `${user.firstName} ${user.lastName}` })}
          </p>
          {user.reference ? (
            <p className="welcome-reference">
              {t('dashboard.customerNumber', { reference: user.reference })}
            </p>
          ) : null}
        </section>
      ) : null}
      <p>{t('comingSoon')}</p>
    </main>
  );
}
