import { zodResolver } from '@hookform/resolvers/zod';
import { formatMoney } from '@leisure/contract/money';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { CartOwner } from '../../../shared/cart/cart-owner';
import type { Cart } from '../../../shared/cart/cart-query';
import { parseMoneyInput, toMoneyInput } from '../../../shared/format/money-input';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { useApplyCredits } from '../api/apply-credits';
import { cartFailure } from '../lib/cart-errors';

type CreditType = 'general' | 'membership';

/** The amount as typed ('12.50', '£12.50') -> minor units, at most what this basket may use. */
function creditAmountSchema(invalid: string, tooMuch: string, maxApplicable: number) {
  return z
    .object({ amount: z.string() })
    .transform(({ amount }) => ({ amount: parseMoneyInput(amount) }))
    .pipe(
      z.object({
        amount: z.number({ error: invalid }).min(0, invalid).max(maxApplicable, tooMuch),
      }),
    );
}

function CreditRow({ cart, type, owner }: { cart: Cart; type: CreditType; owner: CartOwner }) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const balance = cart.credits[type];
  const form = useForm({
    defaultValues: { amount: toMoneyInput(balance.reserved || balance.maxApplicable) },
    // Checked on Apply; the message stays until the next Apply.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    resolver: zodResolver(
      creditAmountSchema(
        t('basket.credits.invalid'),
        t('basket.credits.tooMuch', { max: formatMoney(balance.maxApplicable, cart.currency) }),
        balance.maxApplicable,
      ),
    ),
  });
  const error = form.formState.errors.amount?.message;
  const apply = useApplyCredits();
  const other: CreditType = type === 'general' ? 'membership' : 'general';

  const reserve = (amount: number) => {
    apply.mutate(
      {
        creditsToReserve: [
          { type, amount },
          { type: other, amount: cart.credits[other].reserved },
        ],
        cartSource: owner.source,
        selectedUserId: owner.selectedUserId,
      },
      {
        onSuccess: () =>
          notify.success(amount > 0 ? t('basket.credits.applied') : t('basket.credits.removed')),
        onError: (failure) => notify.error(cartFailure(failure, t('basket.failed'))),
      },
    );
  };

  const submit = form.handleSubmit(({ amount }) => reserve(amount));

  return (
    <div className="credit-row">
      <h3 className="credit-title">{t(`basket.credits.${type}`)}</h3>
      <p>
        {t('basket.credits.available', {
          available: formatMoney(balance.totalAvailable, cart.currency),
          max: formatMoney(balance.maxApplicable, cart.currency),
        })}
      </p>
      {balance.reserved > 0 ? (
        <p>{t('basket.credits.reserved', { amount: formatMoney(balance.reserved, cart.currency) })}</p>
      ) : null}
      {balance.maxApplicable > 0 ? (
        <form className="credit-form" noValidate onSubmit={submit}>
          <div className={error ? 'field field-invalid' : 'field'}>
            <label htmlFor={id} className="field-label">
              {t('basket.credits.amount')}
            </label>
            <input
              id={id}
              inputMode="decimal"
              {...form.register('amount')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <ul id={`${id}-error`} className="field-errors">
                <li>{error}</li>
              </ul>
            ) : null}
          </div>
          <div className="credit-actions">
            <Button type="submit" variant="secondary" busy={apply.isPending}>
              {t('basket.credits.apply')}
            </Button>
            {balance.reserved > 0 ? (
              <Button variant="link" disabled={apply.isPending} onClick={() => reserve(0)}>
                {t('basket.credits.remove')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** General and membership credit: what is available, how much this basket may use, and apply it. */
export function CreditsPanel({ cart, owner }: { cart: Cart; owner: CartOwner }) {
  const { t } = useTranslation('bookings');
  const types = (['general', 'membership'] as const).filter(
    (type) => cart.credits[type].totalAvailable > 0 || cart.credits[type].reserved > 0,
  );
  if (types.length === 0) return null;
  return (
    <section className="basket-credits" aria-labelledby="basket-credits-title">
      <h2 id="basket-credits-title">{t('basket.credits.title')}</h2>
      {types.map((type) => (
        <CreditRow key={type} cart={cart} type={type} owner={owner} />
      ))}
    </section>
  );
}
