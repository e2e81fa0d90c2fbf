import { offlineTenderTypes } from '@leisure/contract/checkout';
import { formatMoney } from '@leisure/contract/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseMoneyInput } from '../../../shared/format/money-input';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import {
  addTender,
  type OfflineTender,
  type OfflineTenderType,
  removeTenderAt,
  tenderedTotal,
} from '../lib/tender-rules';

export interface OfflineTendersProps {
  tenders: OfflineTender[];
  onChange: (tenders: OfflineTender[]) => void;
  /** What is left to pay, minor units. */
  balance: number;
  /** The staff user's currency (shell-session-basket.md 3). */
  currency: string;
  disabled?: boolean;
}

/** Front-of-house tenders: type and amount, with the spec's rules (see lib/tender-rules.ts). */
export function OfflineTenders({ tenders, onChange, balance, currency, disabled }: OfflineTendersProps) {
  const { t } = useTranslation('bookings');
  const listId = useId();
  const [type, setType] = useState<OfflineTenderType | ''>('cash');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<{ type?: string; amount?: string }>({});
  const remaining = balance - tenderedTotal(tenders);

  const add = () => {
    const minor = parseMoneyInput(amount);
    const next: { type?: string; amount?: string } = {};
    if (!type) next.type = t('checkout.tenders.typeRequired');
    if (minor === null) next.amount = t('checkout.tenders.amountInvalid');
    setErrors(next);
    if (!type || minor === null) return;
    onChange(addTender(tenders, { tenderType: type, amount: minor }));
    setAmount('');
  };

  return (
    <fieldset className="checkout-tenders">
      <legend>{t('checkout.tenders.title')}</legend>
      <div className="checkout-tender-entry">
        <SelectField
          label={t('checkout.tenders.type')}
          value={type}
          onChange={(event) => setType(event.target.value as OfflineTenderType | '')}
          options={offlineTenderTypes.map((value) => ({
            value,
            label: t(`checkout.tenders.types.${value}`),
          }))}
          errors={errors.type ? [errors.type] : undefined}
          disabled={disabled}
        />
        <TextField
          label={t('checkout.tenders.amount', { symbol: formatMoney(0, currency).replace(/[\d.\s-]/g, '') })}
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          errors={errors.amount ? [errors.amount] : undefined}
          hint={t('checkout.tenders.amountHint')}
          disabled={disabled}
        />
        <Button variant="secondary" onClick={add} disabled={disabled}>
          {t('checkout.tenders.add')}
        </Button>
      </div>
      {tenders.length > 0 ? (
        <ul id={listId} className="checkout-tender-list" aria-label={t('checkout.tenders.listLabel')}>
          {tenders.map((tender, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tenders have no identity; two equal vouchers are two tenders.
            <li key={`${tender.tenderType}-${index}`}>
              <span>
                {t(`checkout.tenders.types.${tender.tenderType}`)}: {formatMoney(tender.amount, currency)}
              </span>{' '}
              <Button
                variant="link"
                disabled={disabled}
                aria-label={t('checkout.tenders.removeNamed', {
                  type: t(`checkout.tenders.types.${tender.tenderType}`),
                  amount: formatMoney(tender.amount, currency),
                })}
                onClick={() => onChange(removeTenderAt(tenders, index))}
              >
                {t('checkout.tenders.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="checkout-tender-remaining" aria-live="polite">
        {remaining >= 0
          ? t('checkout.tenders.remaining', { amount: formatMoney(remaining, currency) })
          : t('checkout.tenders.over', { amount: formatMoney(-remaining, currency) })}
      </p>
    </fieldset>
  );
}
