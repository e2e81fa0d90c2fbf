import { formatMoney } from '@leisure/contract/money';
import { useTranslation } from 'react-i18next';
import type { Cart } from '../../../shared/cart/cart-query';

/** Total, credit applied and what is left to pay. */
export function BasketTotals({ cart }: { cart: Cart }) {
  const { t } = useTranslation('bookings');
  const credit = cart.credits.general.reserved + cart.credits.membership.reserved;
  return (
    <dl className="basket-totals">
      <div>
        <dt>{t('basket.totals.total')}</dt>
        <dd>{cart.formattedTotal}</dd>
      </div>
      {credit > 0 ? (
        <div>
          <dt>{t('basket.totals.credit')}</dt>
          <dd>-{formatMoney(credit, cart.currency)}</dd>
        </div>
      ) : null}
      <div className="basket-totals-balance">
        <dt>{t('basket.totals.balance')}</dt>
        <dd>{cart.formattedBalance}</dd>
      </div>
    </dl>
  );
}
