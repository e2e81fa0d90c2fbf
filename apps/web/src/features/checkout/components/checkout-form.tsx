import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import type { CartOwner } from '../../../shared/cart/cart-owner';
import { type Cart, invalidateCart, settleCart } from '../../../shared/cart/cart-query';
import { useTerms } from '../../../shared/forms/api/get-terms';
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
import { type SavedCard, usePrepareCheckout } from '../api/prepare-checkout';
import { type BillingErrors, type BillingValues, billingFieldOf, checkBilling } from '../lib/billing';
import { afterCartChange, type OfflineTender, tenderedTotal } from '../lib/tender-rules';
import { CardFrame, CardFrameError, type CardFrameHandle, type FrameToken } from './card-frame';
import { OfflineTenders } from './offline-tenders';
import { Waivers, waiverKey } from './waivers';

type Method = 'saved' | 'new';

function expiry(card: Pick<SavedCard, 'expiryMonth' | 'expiryYear'>): string {
  return `${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear).slice(-2)}`;
}

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

export interface CheckoutFormProps {
  cart: Cart;
  owner: CartOwner;
}

/**
 * Checkout: terms, attendee waivers and payment. Customers pay by card (saved, or a new one typed
 * into the provider's frame) or, for a zero balance, complete with no card; front-of-house staff
 * take offline tenders. Success: a 10 s toast and the booking-confirmed page.
 */
export function CheckoutForm({ cart, owner }: CheckoutFormProps) {
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

  const [termsAgreed, setTermsAgreed] = useState(false);
  const [waiversAgreed, setWaiversAgreed] = useState<Set<string>>(() => new Set());
  const [method, setMethod] = useState<Method | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [billing, setBilling] = useState<BillingValues>(() => ({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    addressLine1: '',
    town: '',
    postcode: '',
  }));
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [formErrors, setFormErrors] = useState<{ terms?: string; waivers?: string; card?: string }>({});
  const [processing, setProcessing] = useState(false);
  const [tenders, setTenders] = useState<OfflineTender[]>([]);

  // After any cart change only the credit tender stays (shell-session-basket.md 4).
  const lastHash = useRef(cart.itemHash);
  useEffect(() => {
    if (lastHash.current !== cart.itemHash) {
      lastHash.current = cart.itemHash;
      setTenders((current) => afterCartChange(current));
    }
  }, [cart.itemHash]);

  const savedCard = prepare.data?.data.savedCard ?? null;
  const chosenMethod: Method = method ?? (savedCard ? 'saved' : 'new');
  const termsList = terms.data ?? [];
  const waivers = cart.attendeeWaiversRequired;
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
  const requiresPayment = owner.isFrontOfHouse
    ? cart.balance > 0
    : Boolean(prepare.data?.data.requiresPayment);
  const amount = prepare.data?.data.amount ?? cart.balance;
  const staffCurrency = user?.currency ?? cart.currency;

  const checkAgreements = (): boolean => {
    const next: typeof formErrors = {};
    if (termsList.length > 0 && !termsAgreed) next.terms = t('checkout.termsRequired');
    if (waivers.some((waiver) => !waiversAgreed.has(waiverKey(waiver)))) {
      next.waivers = t('checkout.waivers.required');
    }
    setFormErrors(next);
    return Object.keys(next).length === 0;
  };

  const succeeded = async (orderId: number) => {
    notify.success(t('checkout.success'), { duration: toastDuration.long });
    await settleCart(queryClient);
    navigate(withQuery(`/booking-confirmed/${orderId}`, { kiosk: kiosk || undefined }));
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 422) {
      const placed: BillingErrors = {};
      for (const [wireName, messages] of Object.entries(error.wireErrors)) {
        const field = billingFieldOf(wireName);
        if (field && messages[0]) placed[field] = messages[0];
      }
      setBillingErrors(placed);
    }
    if (error instanceof ApiError && error.status === 409) {
      // The basket changed under us: show the new one.
      void invalidateCart(queryClient);
    }
    notify.error(orderFailure(error, t('checkout.failed')), { duration: toastDuration.long });
  };

  const common = {
    completedWaivers: waivers.map((waiver) => ({ waiverId: waiver.waiverId, userId: waiver.userId })),
    itemHash: cart.itemHash,
    selectedUserId: owner.selectedUserId,
    source,
    terms: termsAgreed ? termsList.map((term) => term.id) : [],
  } satisfies Partial<CompleteCheckoutRequest>;

  /** Pays; `given` is a token the frame sent on its own (Enter pressed inside it). */
  const pay = async (given?: FrameToken) => {
    if (processing) return;
    const agreementsOk = checkAgreements();
    const useNewCard = !owner.isFrontOfHouse && requiresPayment && chosenMethod === 'new';
    const billingCheck = useNewCard ? checkBilling(billing) : {};
    setBillingErrors(billingCheck);
    if (!agreementsOk || Object.keys(billingCheck).length > 0) return;
    setProcessing(true);
    setFormErrors({});
    try {
      if (owner.isFrontOfHouse) {
        const answer = await payOffline.mutateAsync({
          ...common,
          payments: tenders.map((tender) => ({ tenderType: tender.tenderType, amount: tender.amount })),
        });
        await succeeded(answer.completeOrderId);
        return;
      }
      const payments: CompleteCheckoutRequest['payments'] = [];
      if (reservedCredit > 0) payments.push({ tenderType: 'credit', amount: reservedCredit });
      let request: CompleteCheckoutRequest = { ...common, payments };
      if (requiresPayment) {
        payments.push({ tenderType: 'card', amount });
        if (chosenMethod === 'saved') {
          request = { ...request, savedCard: true };
        } else {
          let token: FrameToken;
          try {
            token =
              given ?? (await (frame.current?.requestToken() ?? Promise.reject(new CardFrameError(''))));
          } catch (error) {
            setFormErrors({
              card:
                error instanceof CardFrameError && error.message ? error.message : t('checkout.card.check'),
            });
            return;
          }
          request = {
            ...request,
            card: {
              token: token.token,
              saveCard,
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
      const answer = await complete.mutateAsync(request);
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
      name={name}
      autoComplete={autoComplete}
      value={billing[name]}
      required
      onChange={(event) => setBilling((current) => ({ ...current, [name]: event.target.value }))}
      errors={billingErrors[name] ? [billingErrors[name]] : undefined}
      disabled={processing}
    />
  );

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
        void pay();
      }}
    >
      {termsList.length > 0 ? (
        <TermsCheckbox
          checked={termsAgreed}
          onCheckedChange={(checked) => {
            setTermsAgreed(checked);
            if (checked) setFormErrors(({ terms: _terms, ...rest }) => rest);
          }}
          errors={formErrors.terms ? [formErrors.terms] : undefined}
          cartId={cart.id}
        />
      ) : null}
      <Waivers
        waivers={waivers}
        agreed={waiversAgreed}
        error={formErrors.waivers}
        onChange={(key, agreed) =>
          setWaiversAgreed((current) => {
            const next = new Set(current);
            if (agreed) next.add(key);
            else next.delete(key);
            return next;
          })
        }
      />

      {owner.isFrontOfHouse ? (
        requiresPayment ? (
          <OfflineTenders
            tenders={tenders}
            onChange={setTenders}
            balance={cart.balance}
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
                  onChange={() => setMethod('saved')}
                  disabled={processing}
                />{' '}
                {t('checkout.savedCard')}
              </label>
              {chosenMethod === 'saved' ? (
                <p className="checkout-saved-card">
                  {t('checkout.savedCardDetails', {
                    brand: brandName(savedCard.brand),
                    last4: savedCard.last4,
                    expiry: expiry(savedCard),
                  })}
                </p>
              ) : null}
              <label className="checkout-method">
                <input
                  type="radio"
                  name="method"
                  value="new"
                  checked={chosenMethod === 'new'}
                  onChange={() => setMethod('new')}
                  disabled={processing}
                />{' '}
                {t('checkout.newCard')}
              </label>
            </fieldset>
          ) : null}
          {chosenMethod === 'new' && prepare.data ? (
            <div className="checkout-new-card">
              <CardFrame
                ref={frame}
                frameUrl={prepare.data.data.frameUrl}
                frameOrigin={prepare.data.data.frameOrigin}
                onToken={(token) => void pay(token)}
              />
              {formErrors.card ? (
                <p role="alert" className="form-error">
                  {formErrors.card}
                </p>
              ) : null}
              <CheckboxField
                label={t('checkout.saveCard')}
                checked={saveCard}
                onChange={(event) => setSaveCard(event.target.checked)}
                disabled={processing}
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
