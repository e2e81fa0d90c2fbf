import { useTranslation } from 'react-i18next';
import { useClient } from '../operator/use-client';

/**
 * A staging site (production on the sandbox payment providers, ALLOW_SANDBOX_PROVIDERS) says so on
 * every page, embedded ones too: nobody should think a card or bank payment there is real.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation('common');
  const { data: client } = useClient();
  if (!client?.testPayments) return null;
  return (
    <aside className="test-payments-banner" aria-label={t('testPayments.label')}>
      {t('testPayments.text')}
    </aside>
  );
}
