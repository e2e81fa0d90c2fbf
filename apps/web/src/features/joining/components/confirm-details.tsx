import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/dates';
import { Button } from '../../../shared/ui/button';
import { usePaymentOptionPrice } from '../api/get-payment-option-price';
import type { FlowState } from '../state/flow-state';
import { usePriceText } from './membership-card';

export interface ConfirmDetailsProps {
  state: FlowState;
  /** The home centre, to price the membership; null when the total comes from elsewhere (change, renewal). */
  venueId: number | null;
  venueName: string;
  busy: boolean;
  onContinue: () => void;
}

/**
 * Confirm your details: a summary of the membership and bank details and the total to pay now (the
 * review step's price, from the query cache); Continue submits the membership.
 */
export function ConfirmDetails({ state, venueId, venueName, busy, onContinue }: ConfirmDetailsProps) {
  const { t } = useTranslation('flow');
  const { t: tc } = useTranslation('common');
  const priceText = usePriceText();
  const { membership, option, bankAccount } = state;
  const price = usePaymentOptionPrice(
    membership && option && venueId !== null
      ? {
          typeId: membership.id,
          optionId: option.id,
          startDate: state.startDate,
          billingDay: state.billingDay,
          venueId,
          promotionCodeId: state.promotion?.id ?? null,
        }
      : null,
  );
  const rows: [string, string][] = [[t('confirm.centre'), venueName]];
  if (membership && option) {
    rows.push([t('confirm.membership'), membership.name], [t('confirm.price'), priceText(option)]);
  }
  rows.push([t('review.startDate'), formatDate(state.startDate)]);
  if (state.billingDay !== null) rows.push([t('review.billingDay'), String(state.billingDay)]);
  if (state.promotion) rows.push([t('review.promoCode'), state.promotion.code]);
  if (bankAccount) {
    rows.push(
      [t('payment.accountHolder'), bankAccount.accountHolderName],
      ...(bankAccount.bankName ? [[t('confirm.bank'), bankAccount.bankName] as [string, string]] : []),
      [t('payment.accountNumber'), bankAccount.accountNumberMasked],
      [t('payment.sortCode'), bankAccount.sortCode],
    );
  }
  return (
    <div className="joining-confirm">
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {price.data ? (
          <div className="summary-row summary-total">
            <dt>{tc('membershipCosts.totalToPayNow')}</dt>
            <dd>{price.data.totalToPayNow.formatted}</dd>
          </div>
        ) : null}
      </dl>
      <div className="form-actions">
        <Button onClick={onContinue} busy={busy} busyText={t('joining.processing')}>
          {t('joining.continue')}
        </Button>
      </div>
    </div>
  );
}
