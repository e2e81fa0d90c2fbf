import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useCartOwner } from '../../../shared/cart/cart-owner';
import { notify } from '../../../shared/ui/toast';
import { type AddToCartItem, useAddToCartMutation } from '../api/add-to-cart';

/** Adding to the basket waits 250 ms first (shell-session-basket.md 4, 9): repeated clicks send one request. */
const cartDebounceMs = 250;

/**
 * The cart's failure text: a server message (409 race, 422 full, ...) as it is; otherwise the
 * spec's 'Something went wrong, please try again.'.
 */
export function cartErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return fallback;
}

export interface AddToBasket {
  add: (items: AddToCartItem[]) => void;
  /** From the click until the answer (the debounce included). */
  busy: boolean;
  /** True once an add succeeded (the screen offers the basket link). */
  added: boolean;
}

export function useAddToBasket(): AddToBasket {
  const { t } = useTranslation('bookings');
  // A front-of-house staff user books for the customer they picked, never for themselves.
  const { selectedUserId, membershipUserId } = useCartOwner();
  const mutation = useAddToCartMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);
  const [added, setAdded] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const { mutate } = mutation;
  const add = useCallback(
    (items: AddToCartItem[]) => {
      clearTimeout(timer.current);
      setWaiting(true);
      timer.current = setTimeout(() => {
        mutate(
          { items, membershipUserId, selectedUserId },
          {
            onSuccess: () => {
              setAdded(true);
              notify.success(t('addToBasket.success'));
            },
            onError: (error) => notify.error(cartErrorMessage(error, t('addToBasket.failed'))),
            onSettled: () => setWaiting(false),
          },
        );
      }, cartDebounceMs);
    },
    [mutate, t, selectedUserId, membershipUserId],
  );

  return { add, busy: waiting || mutation.isPending, added };
}
