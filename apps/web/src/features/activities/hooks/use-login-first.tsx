import { type ReactNode, useCallback, useState } from 'react';
import { LoginModal } from '../../../shared/session/login-modal-slot';
import { useSession } from '../../../shared/session/session';

/**
 * 'Book now' asks anonymous users to log in first unless the activity allows anonymous booking
 * (bookings-api.md). The login modal opens over the booking modal; after it the user stays where
 * they were, and the availability reloads for them (their own statuses and prices).
 */
export function useLoginFirst(allowsAnonymous: boolean): {
  guard: (action: () => void) => void;
  loginModal: ReactNode;
} {
  const { isLoggedIn } = useSession();
  const [open, setOpen] = useState(false);
  const guard = useCallback(
    (action: () => void) => {
      if (isLoggedIn || allowsAnonymous) action();
      else setOpen(true);
    },
    [isLoggedIn, allowsAnonymous],
  );
  const loginModal = <LoginModal open={open} onOpenChange={setOpen} />;
  return { guard, loginModal };
}
