import { zodResolver } from '@hookform/resolvers/zod';
import { offlineTenderTypes } from '@leisure/contract/checkout';
import { formatMoney } from '@leisure/contract/money';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { OfflineTender, OfflineTenderType } from '../../../shared/cart/offline-tenders';
import { parseMoneyInput } from '../../../shared/format/money-input';
import { messagesOf } from '../../../shared/forms/field-errors';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { addTender, removeTenderAt, tenderedTotal } from '../lib/tender-rules';

/** One tender as typed: a type, and an amount such as '12.50' (-> minor units). */
function tenderEntrySchema(typeRequired: string, amountInvalid: string) {
  return z
    .object({ type: z.string(), amount: z.string() })
    .transform(({ type, amount }) => ({ type, amount: parseMoneyInput(amount) }))
    .pipe(
      z
        .object({
          type: z.enum(offlineTenderTypes, { error: typeRequired }),
          amount: z.number({ error: amountInvalid }),
        })
        .transform(({ type, amount }): OfflineTender => ({ tenderType: type, amount })),
    );
}

export interface OfflineTendersProps {
  tenders: readonly OfflineTender[];
  onChange: (tenders: readonly OfflineTender[]) => void;
  /** What is left to pay, minor units. */
  balance: number;
  /** The customer's account credit, minor units: what the credit tender can take at most. */
  availableCredit: number;
  /** The staff user's currency (shell-session-basket.md 3). */
  currency: string;
  disabled?: boolean;
}

/** Front-of-house tenders: type and amount, with the spec's rules (see lib/tender-rules.ts). */
export function OfflineTenders({
  tenders,
  onChange,
  balance,
  availableCredit,
  currency,
  disabled,
}: OfflineTendersProps) {
  const { t } = useTranslation('bookings');
  const listId = useId();
  // Not a <form>: the entry sits inside the checkout form, and forms do not nest.
  const form = useForm({
    defaultValues: { type: 'cash' as OfflineTenderType | '', amount: '' },
    // Checked on Add; the messages stay until the next Add.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: zodResolver(
      tenderEntrySchema(t('checkout.tenders.typeRequired'), t('checkout.tenders.amountInvalid')),
    ),
  });
  const { errors } = form.formState;
  const remaining = balance - tenderedTotal(tenders);

  const add = form.handleSubmit((tender) => {
    onChange(addTender(tenders, tender));
    form.setValue('amount', '');
  });

  return (
    <fieldset className="checkout-tenders">
      <legend>{t('checkout.tenders.title')}</legend>
      <div className="checkout-tender-entry">
        <SelectField
          label={t('checkout.tenders.type')}
          options={offlineTenderTypes.map((value) => ({
            value,
            label: t(`checkout.tenders.types.${value}`),
          }))}
          errors={messagesOf(errors.type)}
          disabled={disabled}
          {...form.register('type')}
        />
        <TextField
          label={t('checkout.tenders.amount', { symbol: formatMoney(0, currency).replace(/[\d.\s-]/g, '') })}
          inputMode="decimal"
          errors={messagesOf(errors.amount)}
          hint={t('checkout.tenders.amountHint')}
          disabled={disabled}
          {...form.register('amount')}
        />
        <Button variant="secondary" onClick={() => void add()} disabled={disabled}>
          {t('checkout.tenders.add')}
        </Button>
      </div>
      <p className="checkout-tender-credit">
        {t('checkout.tenders.creditAvailable', { amount: formatMoney(availableCredit, currency) })}
      </p>
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
