import { useTranslation } from 'react-i18next';
import type { CostBreakdown as Costs } from '../api/types';

/** The cost breakdown of the pricing call: fees, pro-rata days, discount, total and first billing date. */
export function CostBreakdown({ costs }: { costs: Costs }) {
  const { t } = useTranslation('flow');
  const { fees } = costs;
  const rows: [string, string][] = [];
  if (fees.joiningFee.raw > 0) rows.push([t('costs.joiningFee'), fees.joiningFee.formatted]);
  if (costs.paymentType === 'recurring') {
    if (costs.proRataDays > 0 || fees.proRataFee.raw > 0) {
      rows.push([t('costs.proRata', { count: costs.proRataDays }), fees.proRataFee.formatted]);
    }
    if (fees.monthInHandFee.raw > 0) rows.push([t('costs.monthInHand'), fees.monthInHandFee.formatted]);
  } else {
    rows.push([t('costs.baseFee'), fees.baseFee.formatted]);
  }
  if (fees.discount.raw > 0) rows.push([t('costs.discount'), `-${fees.discount.formatted}`]);
  return (
    <dl className="cost-breakdown" aria-label={t('costs.title')}>
      {rows.map(([label, value]) => (
        <div key={label} className="cost-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="cost-row cost-total">
        <dt>{t('costs.totalToPayNow')}</dt>
        <dd>{costs.totalToPayNow.formatted}</dd>
      </div>
      {costs.paymentType === 'recurring' ? (
        <>
          <div className="cost-row">
            <dt>{t('costs.monthly')}</dt>
            <dd>{costs.globalBasePrice.formatted}</dd>
          </div>
          {costs.prettyFirstBillingDate ? (
            <div className="cost-row">
              <dt>{t('costs.firstBillingDate')}</dt>
              <dd>{costs.prettyFirstBillingDate}</dd>
            </div>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}
