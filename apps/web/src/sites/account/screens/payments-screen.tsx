import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import '../../../features/payments/payments.css';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useClient } from '../../../shared/operator/use-client';

/**
 * /payments: the page with its tabs Summary, Credit (only when credits are enabled) and Order
 * history (joining-and-payments.md "Routes in the payments area"); the tab's content is the outlet.
 */
export function PaymentsScreen() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea' });
  usePageTitle(t('title'));
  const { data: client } = useClient();
  const tabs = [
    { to: '/payments', label: t('tabs.summary'), end: true },
    ...(client?.creditsEnabled ? [{ to: '/payments/credit', label: t('tabs.credit'), end: false }] : []),
    { to: '/payments/order-history', label: t('tabs.orderHistory'), end: false },
  ];
  return (
    <main id="main" className="page payments-page">
      <h1>{t('title')}</h1>
      <nav className="payments-tabs" aria-label={t('tabs.label')}>
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className="payments-tab">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}
