import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import type { CartOwner } from '../../../shared/cart/cart-owner';
import { type Cart, invalidateCart, settleCart } from '../../../shared/cart/cart-query';
import { clearTenders, useOfflineTenders } from '../../../shared/cart/offline-tenders';
import { formatCardExpiry } from '../../../shared/format/dates';
import { useTerms } from '../../../shared/forms/api/get-terms';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { TermsCheckbox } from '../../../shared/forms/terms';
import { withQuery } from '../../../shared/links/links';
import { useModes } from '../../../shared/modes/modes';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { TextField } from '../../../shared/ui/text-field';
import { notify, toastDuration } from '../../../shared/ui/toast';
import { type CompleteCheckoutRequest, useCompleteCheckout } from '../api/complete-checkout';
import { usePayOffline } from '../api/pay-offline';
import { usePrepareCheckout } from '../api/prepare-checkout';
import { type BillingValues, billingFieldOf, checkBilling, emptyBilling } from '../lib/billing';
import { tenderedTotal } from '../lib/tender-rules';
import { CardFrame, CardFrameError, type CardFrameHandle, type FrameToken } from './card-frame';
import { OfflineTenders } from './offline-tenders';
import { Waivers, waiverKey } from './waivers';

type Method = 'saved' | 'new';

function brandName(brand: string): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** What went wrong with an order, for the 10 s toast: the server's text, else the spec's fallback. */
function orderFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}

/** What the customer (or the staff user) fills in at checkout. */
interface CheckoutValues {
  termsAgreed: boolean;
  /** Keys (waiverKey) of the attendee waivers agreed to. */
  waiversAgreed: string[];
  /** null until chosen: the saved card when there is one, else a new card. */
  method: Method | null;
  saveCard: boolean;
  billing: BillingValues;
}

interface CheckoutRules {
  /** The message when the terms are not agreed; null when there are no terms. */
  termsRequired: string | null;
  waiverKeys: string[];
  waiversRequired: string;
  /** Whether these values pay with a new card, whose billing address is then checked. */
  paysWithNewCard: (values: CheckoutValues) => boolean;
}

/** The checkout's rules: terms agreed, every waiver agreed, and a new card's billing address (lib/billing.ts). */
function checkoutSchema(rules: CheckoutRules) {
  return z
    .custom<CheckoutValues>(() => true)
    .superRefine((values, ctx) => {
      if (rules.termsRequired && !values.termsAgreed) addIssues(ctx, ['termsAgreed'], [rules.termsRequired]);
      if (rules.waiverKeys.some((key) => !values.waiversAgreed.includes(key))) {
        addIssues(ctx, ['waiversAgreed'], [rules.waiversRequired]);
      }
      if (rules.paysWithNewCard(values)) {
        for (const [field, message] of Object.entries(checkBilling(values.billing))) {
          addIssues(ctx, ['billing', field], [message]);
        }
      }
    });
}

export interface CheckoutFormProps {
  cart: Cart;
  owner: CartOwner;
  /** The basket's hold countdown, shown with a failed payment: the places are still held for a retry. */
  holdCountdown?: ReactNode;
}

/**
 * Checkout: terms, attendee waivers and payment. Customers pay by card (saved, or a new one typed
 * into the provider's frame) or, for a zero balance, complete with no card; front-of-house staff
 * take offline tenders. Success: a 10 s toast and the booking-confirmed page.
 */
export function CheckoutForm({ cart, owner, holdCountdown }: CheckoutFormProps) {
  const { t } = useTranslation('bookings');
  const { user } = useSession();
  const { kiosk } = useModes();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const source = owner.isFrontOfHouse ? 'foh' : kiosk ? 'kiosk' : 'bookings';
  const prepare = usePrepareCheckout(owner.selectedUserId, source, !owner.isFrontOfHouse);
  const terms = useTerms(cart.id);
  const complete = useCompleteCheckout();
  const payOffline = usePayOffline();
  const frame = useRef<CardFrameHandle>(null);
  const formId = useId();

  const [processing, setProcessing] = useState(false);
  const savedCard = prepare.data?.data.savedCard ?? null;
  const termsList = terms.data ?? [];
  const waivers = cart.attendeeWaiversRequired;
  const requiresPayment = owner.isFrontOfHouse
    ? cart.balance > 0
    : Boolean(prepare.data?.data.requiresPayment);
  const form = useForm<CheckoutValues>({
    defaultValues: {
      termsAgreed: false,
      waiversAgreed: [],
      method: null,
      saveCard: false,
      billing: { ...emptyBilling, firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' },
    },
    // Checked on pay; the messages stay until the next attempt (the terms' goes once they are agreed).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    resolver: zodResolver(
      checkoutSchema({
        termsRequired: termsList.length > 0 ? t('checkout.termsRequired') : null,
        waiverKeys: waivers.map(waiverKey),
        waiversRequired: t('checkout.waivers.required'),
        paysWithNewCard: (values) =>
          !owner.isFrontOfHouse &&
          requiresPayment &&
          (values.method ?? (savedCard ? 'saved' : 'new')) === 'new',
      }),
    ),
  });
  const [termsAgreed, waiversAgreed, method] = useWatch({
    control: form.control,
    name: ['termsAgreed', 'waiversAgreed', 'method'],
  });
  const { errors } = form.formState;
  // Front of house: the basket's offline tenders (only credit stays after any cart change).
  const [tenders, setTenders] = useOfflineTenders(user?.id ?? 0, owner.selectedUserId ?? 0, cart.itemHash);

  const chosenMethod: Method = method ?? (savedCard ? 'saved' : 'new');
  const reservedCredit = cart.credits.general.reserved + cart.credits.membership.reserved;

  if (!owner.isFrontOfHouse && prepare.isPending) return <PageSpinner />;
  if (!owner.isFrontOfHouse && prepare.isError) {
    return (
      <div role="alert" className="form-error">
        <p>{t('checkout.prepareFailed')}</p>
        <Button variant="secondary" onClick={() => void prepare.refetch()}>
          {t('basket.retry')}
        </Button>
      </div>
    );
  }
  const amount = prepare.data?.data.amount ?? cart.balance;
  const staffCurrency = user?.currency ?? cart.currency;

  const succeeded = async (orderId: number) => {
    if (owner.isFrontOfHouse && user && owner.selectedUserId !== null)
      clearTenders(user.id, owner.selectedUserId);
    notify.success(t('checkout.success'), { duration: toastDuration.long });
    await settleCart(queryClient);
    navigate(withQuery(`/booking-confirmed/${orderId}`, { kiosk: kiosk || undefined }));
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      for (const [wireName, messages] of Object.entries(error.wireErrors)) {
        const field = billingFieldOf(wireName);
        if (field && messages[0]) form.setError(`billing.${field}`, { type: 'server', message: messages[0] });
      }
    }
    if (error instanceof ApiError && error.status === 409) {
      // The basket changed under us: show the new one.
      void invalidateCart(queryClient);
    }
    const message = orderFailure(error, t('checkout.failed'));
    notify.error(message, { duration: toastDuration.long });
    // The toast goes; this stays beside the payment until the next attempt. A refused card books and
    // charges nothing, and the places stay held for another try (docs/decisions/017).
    const refused = error instanceof ApiError && error.status === 422 && 'card' in error.wireErrors;
    form.setError('root.payment', { type: refused ? 'refused' : 'server', message });
  };

  const common = {
    completedWaivers: waivers.map((waiver) => ({ waiverId: waiver.waiverId, userId: waiver.userId })),
    itemHash: cart.itemHash,
    selectedUserId: owner.selectedUserId,
    source,
  } satisfies Partial<CompleteCheckoutRequest>;

  /** Pays, once the rules pass; `given` is a token the frame sent on its own (Enter pressed inside it). */
  const pay = (given?: FrameToken) => {
    if (processing) return;
    void form.handleSubmit((values) => payWith(values, given))();
  };

  const payWith = async (values: CheckoutValues, given?: FrameToken) => {
    const request = { ...common, terms: values.termsAgreed ? termsList.map((term) => term.id) : [] };
    setProcessing(true);
    try {
      if (owner.isFrontOfHouse) {
        const answer = await payOffline.mutateAsync({
          ...request,
          payments: tenders.map((tender) => ({
            tenderType: tender.tenderType,
            amount: tender.amount,
          })),
        });
        await succeeded(answer.completeOrderId);
        return;
      }
      const payments: CompleteCheckoutRequest['payments'] = [];
      if (reservedCredit > 0) payments.push({ tenderType: 'credit', amount: reservedCredit });
      let body: CompleteCheckoutRequest = { ...request, payments };
      if (requiresPayment) {
        payments.push({ tenderType: 'card', amount });
        if (chosenMethod === 'saved') {
          body = { ...body, savedCard: true };
        } else {
          let token: FrameToken;
          try {
            token =
              given ?? (await (frame.current?.requestToken() ?? Promise.reject(new CardFrameError(''))));
          } catch (error) {
            form.setError('root.card', {
              message:
                error instanceof CardFrameError && error.message ? error.message : t('checkout.card.check'),
            });
            return;
          }
          const { billing } = values;
          body = {
            ...body,
            card: {
              token: token.token,
              saveCard: values.saveCard,
              billing: {
                firstName: billing.firstName.trim(),
                lastName: billing.lastName.trim(),
                addressLine1: billing.addressLine1.trim(),
                town: billing.town.trim(),
                postcode: billing.postcode.trim(),
              },
            },
          };
        }
      }
      const answer = await complete.mutateAsync(body);
      await succeeded(answer.completeOrderId);
    } catch (error) {
      failed(error);
    } finally {
      setProcessing(false);
    }
  };

  const billingField = (name: keyof BillingValues, autoComplete: string) => (
    <TextField
      label={t(`checkout.billing.${name}`)}
      autoComplete={autoComplete}
      required
      errors={messagesOf(errors.billing?.[name])}
      disabled={processing}
      {...form.register(`billing.${name}`)}
    />
  );

  // What went wrong with the last attempt, beside the payment: the frame's answer or the server's.
  const paymentProblem = errors.root?.card?.message ?? errors.root?.payment?.message;
  const paymentAlert = paymentProblem ? (
    <div className="checkout-payment-problem">
      <p role="alert" className="form-error">
        {paymentProblem}
      </p>
      {errors.root?.payment?.type === 'refused' ? (
        <>
          <p>{t('checkout.stillHeld')}</p>
          {holdCountdown}
        </>
      ) : null}
    </div>
  ) : null;

  const tendersCoverBalance = tenderedTotal(tenders) === cart.balance;
  const submitLabel = owner.isFrontOfHouse
    ? t('checkout.takePayment')
    : requiresPayment
      ? t('checkout.payNow')
      : t('checkout.completeOrder');

  return (
    <form
      id={formId}
      className="checkout-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        pay();
      }}
    >
      {termsList.length > 0 ? (
        <TermsCheckbox
          checked={termsAgreed}
          onCheckedChange={(checked) => {
            form.setValue('termsAgreed', checked);
            if (checked) form.clearErrors('termsAgreed');
          }}
          errors={messagesOf(errors.termsAgreed)}
          cartId={cart.id}
        />
      ) : null}
      <Waivers
        waivers={waivers}
        agreed={new Set(waiversAgreed)}
        error={errors.waiversAgreed?.message}
        onChange={(key, agreed) =>
          form.setValue(
            'waiversAgreed',
            agreed
              ? [...form.getValues('waiversAgreed'), key]
              : form.getValues('waiversAgreed').filter((k) => k !== key),
          )
        }
      />

      {owner.isFrontOfHouse ? (
        requiresPayment ? (
          <OfflineTenders
            tenders={tenders}
            onChange={setTenders}
            balance={cart.balance}
            availableCredit={cart.credits.general.totalAvailable}
            currency={staffCurrency}
            disabled={processing}
          />
        ) : (
          <p>{t('checkout.noPaymentNeeded')}</p>
        )
      ) : requiresPayment ? (
        <section className="checkout-payment" aria-labelledby={`${formId}-payment`}>
          <h2 id={`${formId}-payment`}>{t('checkout.payment')}</h2>
          <p>
            {t('checkout.toPay', { amount: prepare.data?.data.formattedAmount ?? cart.formattedBalance })}
          </p>
          {savedCard ? (
            <fieldset className="checkout-methods">
              <legend className="visually-hidden">{t('checkout.method')}</legend>
              <label className="checkout-method">
                <input
                  type="radio"
                  name="method"
                  value="saved"
                  checked={chosenMethod === 'saved'}
                  onChange={() => form.setValue('method', 'saved')}
                  disabled={processing}
                />{' '}
                {t('checkout.savedCard')}
              </label>
              {chosenMethod === 'saved' ? (
                <p className="checkout-saved-card">
                  {t('checkout.savedCardDetails', {
                    brand: brandName(savedCard.brand),
                    last4: savedCard.last4,
                    expiry: formatCardExpiry(savedCard.expiryMonth, savedCard.expiryYear),
                  })}
                </p>
              ) : null}
              <label className="checkout-method">
                <input
                  type="radio"
                  name="method"
                  value="new"
                  checked={chosenMethod === 'new'}
                  onChange={() => form.setValue('method', 'new')}
                  disabled={processing}
                />{' '}
                {t('checkout.newCard')}
              </label>
            </fieldset>
          ) : null}
          {chosenMethod === 'saved' ? paymentAlert : null}
          {chosenMethod === 'new' && prepare.data ? (
            <div className="checkout-new-card">
              <CardFrame
                ref={frame}
                frameUrl={prepare.data.data.frameUrl}
                frameOrigin={prepare.data.data.frameOrigin}
                onToken={(token) => pay(token)}
              />
              {paymentAlert}
              <CheckboxField
                label={t('checkout.saveCard')}
                disabled={processing}
                {...form.register('saveCard')}
              />
              <fieldset className="checkout-billing">
                <legend>{t('checkout.billing.title')}</legend>
                {billingField('firstName', 'billing given-name')}
                {billingField('lastName', 'billing family-name')}
                {billingField('addressLine1', 'billing address-line1')}
                {billingField('town', 'billing address-level2')}
                {billingField('postcode', 'billing postal-code')}
              </fieldset>
            </div>
          ) : null}
        </section>
      ) : (
        <p>{t('checkout.noPaymentNeeded')}</p>
      )}

      {owner.isFrontOfHouse || !requiresPayment ? paymentAlert : null}
      <div className="checkout-actions">
        <Button
          type="submit"
          busy={processing}
          busyText={t('checkout.processing')}
          disabled={owner.isFrontOfHouse && requiresPayment && !tendersCoverBalance}
        >
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
