import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { useCreditsAdded, useCreditsSpent } from '../../../features/payments/api/get-credits';
import { CreditBalances } from '../../../features/payments/components/credit-balances';
import { CreditList } from '../../../features/payments/components/credit-list';

/** The Credit tab: balances, and the Credit added / Credit spent toggle (/payments/credit/{kind}). */
export function PaymentsCreditScreen() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.credit' });
  const kind = useParams().kind === 'spent' ? 'spent' : 'added';
  const added = useCreditsAdded();
  const spent = useCreditsSpent(kind === 'spent');
  const list = kind === 'spent' ? spent : added;
  const entries = kind === 'spent' ? spent.data : added.data?.credits;
  return (
    <section className="payments-block" aria-labelledby="credit-title">
      <h2 id="credit-title">{t('title')}</h2>
      {added.data ? <CreditBalances balances={added.data.balances} /> : null}
      <nav className="toggle-group" aria-label={t('toggleLabel')}>
        <NavLink to="/payments/credit/added" className="toggle-option">
          {t('added')}
        </NavLink>
        <NavLink to="/payments/credit/spent" className="toggle-option">
          {t('spent')}
        </NavLink>
      </nav>
      {list.isError ? (
        <p className="form-error" role="alert">
          {t('loadError')}
        </p>
      ) : entries ? (
        <CreditList entries={entries} kind={kind} />
      ) : (
        <p className="page-loading">...</p>
      )}
    </section>
  );
}
