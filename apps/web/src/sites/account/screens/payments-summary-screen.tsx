import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCreditsAdded } from '../../../features/payments/api/get-credits';
import { usePenalties } from '../../../features/payments/api/get-penalties';
import { useSavedCards } from '../../../features/payments/api/get-saved-cards';
import { CreditBalances } from '../../../features/payments/components/credit-balances';
import { PaymentMethods } from '../../../features/payments/components/payment-methods';
import { UnpaidFees } from '../../../features/payments/components/unpaid-fees';
import { useClient } from '../../../shared/operator/use-client';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';

/** The Summary tab: unpaid fees, credit balances (when enabled) and Payment Methods. */
export function PaymentsSummaryScreen() {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea' });
  const { data: client } = useClient();
  const creditsEnabled = Boolean(client?.creditsEnabled);
  const penalties = usePenalties();
  const credits = useCreditsAdded(creditsEnabled);
  const cards = useSavedCards();
  const location = useLocation();
  const navigate = useNavigate();
  const deleted = Boolean((location.state as { deletedCard?: boolean } | null)?.deletedCard);

  useEffect(() => {
    if (cards.isError) notify.error(t('card.loadError'));
  }, [cards.isError, t]);

  return (
    <div className="payments-summary">
      {penalties.isError ? (
        <div className="payments-block" role="alert">
          <p className="form-error">{t('loadError')}</p>
          <Button variant="secondary" onClick={() => void penalties.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : penalties.data ? (
        <UnpaidFees penalties={penalties.data} />
      ) : (
        <p className="page-loading">{t('loading')}</p>
      )}
      {creditsEnabled ? (
        <section className="payments-block" aria-labelledby="credit-balance-title">
          <h2 id="credit-balance-title">{t('credit.title')}</h2>
          {credits.isError ? <p className="form-error">{t('credit.loadError')}</p> : null}
          {credits.data ? <CreditBalances balances={credits.data.balances} /> : null}
        </section>
      ) : null}
      <PaymentMethods
        cards={cards.data}
        failed={cards.isError}
        deleted={deleted}
        onDismissDeleted={() => navigate('/payments', { replace: true, state: null })}
      />
    </div>
  );
}
