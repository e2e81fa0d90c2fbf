import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CartItem, useCart } from '../../../shared/cart/cart-query';
import { SiteLink } from '../../../shared/links/site-link';
import { useModes } from '../../../shared/modes/modes';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import { useDiscardCart } from '../api/discard-cart';
import { useRemoveDiscount } from '../api/remove-discount';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useUpdateCartItem } from '../api/update-cart-item';
import { cartFailure } from '../lib/cart-errors';
import { BasketItems } from './basket-item';
import { BasketTotals } from './basket-totals';
import { CreditsPanel } from './credits-panel';
import { HoldCountdown } from './hold-countdown';

/** Removing an item waits 250 ms first (shell-session-basket.md 4, 9). */
export const cartRemoveDebounceMs = 250;

/** The spec's cart-load failure text, shown in the page and as a toast. */
export function BasketLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('bookings');
  return (
    <div role="alert" className="form-error">
      <p>{t('basket.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('basket.retry')}
      </Button>
    </div>
  );
}

/**
 * The signed-in basket: its lines with remove (a loading overlay until done), ticket quantities,
 * benefit and package removal, the hold countdown, credits, totals, clear and proceed to checkout.
 */
export function BasketView() {
  const { t } = useTranslation('bookings');
  const { kiosk } = useModes();
  const cart = useCart();
  const { owner } = cart;
  const remove = useRemoveFromCart();
  const update = useUpdateCartItem();
  const discount = useRemoveDiscount();
  const discard = useDiscardCart();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [holdExpired, setHoldExpired] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const failed = useRef(false);
  // A removed line takes its focused button with it: focus moves to the basket's lines (or the
  // empty basket's message) once the basket shows fewer lines than it had.
  const refocusBelow = useRef<number | null>(null);
  const focusTarget = useRef<HTMLElement | null>(null);
  const setFocusTarget = (element: HTMLElement | null) => {
    focusTarget.current = element;
  };
  const lineCount = cart.data?.items.length;
  useEffect(() => {
    if (refocusBelow.current === null || lineCount === undefined || lineCount >= refocusBelow.current) return;
    refocusBelow.current = null;
    focusTarget.current?.focus();
  }, [lineCount]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (cart.isError && !failed.current) notify.error(t('basket.loadFailed'));
    failed.current = cart.isError;
  }, [cart.isError, t]);

  if (cart.isPending) return <PageSpinner />;
  if (cart.isError) return <BasketLoadError onRetry={() => void cart.refetch()} />;

  const data = cart.data;
  const busy = removing !== null || update.isPending || discount.isPending || discard.isPending;
  const failedText = t('basket.failed');

  const onRemove = (item: CartItem) => {
    setRemoving(item);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      remove.mutate(
        {
          cartItemIds: [item.id],
          membershipUserId: owner.membershipUserId,
          selectedUserId: owner.selectedUserId,
          source: owner.source,
        },
        {
          onSuccess: () => {
            refocusBelow.current = data.items.length;
            notify.success(t('basket.removed'));
          },
          onError: (error) => notify.error(cartFailure(error, failedText)),
          onSettled: () => setRemoving(null),
        },
      );
    }, cartRemoveDebounceMs);
  };

  const actions = {
    busy,
    onRemove,
    onRemoveDiscount: (item: CartItem, kind: 'benefit' | 'package') =>
      discount.mutate(
        { kind, cartItemId: item.id, selectedUserId: owner.selectedUserId, source: owner.source },
        {
          onSuccess: () =>
            notify.success(kind === 'benefit' ? t('basket.benefitRemoved') : t('basket.packageRemoved')),
          onError: (error) => notify.error(cartFailure(error, failedText)),
        },
      ),
    onTicketQuantity: (item: CartItem, ticketId: number, quantity: number) =>
      update.mutate(
        {
          cartItemId: item.id,
          options: {
            tickets: item.childItems
              .filter((child) => child.cartableType === 'activityTicket')
              .map((child) => ({
                ticketId: child.cartableId,
                quantity: child.cartableId === ticketId ? quantity : child.quantity,
              })),
          },
          selectedUserId: owner.selectedUserId,
          source: owner.source,
        },
        {
          onSuccess: () => notify.success(t('basket.updated')),
          onError: (error) => notify.error(cartFailure(error, failedText)),
        },
      ),
  };

  const expiredNotice = holdExpired ? (
    <p role="alert" className="basket-expired">
      {t('basket.holdExpired')}
    </p>
  ) : null;

  if (data.items.length === 0) {
    return (
      <>
        {expiredNotice}
        <p ref={setFocusTarget} tabIndex={-1}>
          {t('basket.empty')}
        </p>
        <p>
          <SiteLink site="bookings" to="/redirect-to-selected-venue" className="btn btn-primary">
            {t('basket.bookActivity')}
          </SiteLink>
        </p>
      </>
    );
  }

  return (
    <>
      {expiredNotice}
      {data.holdExpiresAt ? (
        <HoldCountdown
          expiresAt={data.holdExpiresAt}
          onExpire={() => {
            setHoldExpired(true);
            void cart.refetch();
          }}
        />
      ) : null}
      <div
        className="basket-lines"
        ref={setFocusTarget}
        tabIndex={-1}
        aria-busy={removing ? true : undefined}
      >
        <BasketItems items={data.items} actions={actions} headingLevel={2} />
        {removing ? (
          <div className="basket-overlay" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t('basket.removing')}</span>
          </div>
        ) : null}
      </div>
      <CreditsPanel cart={data} owner={owner} />
      <BasketTotals cart={data} />
      <div className="basket-actions">
        <Button variant="secondary" disabled={busy} onClick={() => setConfirmDiscard(true)}>
          {t('basket.discard')}
        </Button>
        <SiteLink
          site="bookings"
          to="/basket/checkout"
          query={{ kiosk: kiosk || undefined }}
          className="btn btn-primary"
          aria-disabled={busy || undefined}
        >
          {t('basket.proceed')}
        </SiteLink>
      </div>
      <Modal
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t('basket.discardTitle')}
        size="small"
      >
        <p>{t('basket.discardText')}</p>
        <div className="modal-actions">
          <Button variant="secondary" onClick={() => setConfirmDiscard(false)}>
            {t('basket.keep')}
          </Button>
          <Button
            busy={discard.isPending}
            onClick={() =>
              discard.mutate(
                { selectedUserId: owner.selectedUserId, source: owner.source },
                {
                  onSuccess: () => {
                    refocusBelow.current = data.items.length;
                    setConfirmDiscard(false);
                    notify.success(t('basket.cleared'));
                  },
                  onError: (error) => notify.error(cartFailure(error, failedText)),
                },
              )
            }
          >
            {t('basket.discardConfirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}
