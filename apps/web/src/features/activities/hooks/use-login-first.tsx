import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { LoginModal } from '../../../shared/session/login-modal-slot';
import { hasSessionCookie, useSession } from '../../../shared/session/session';
import { activitiesKeys } from '../api/keys';
import { useViewer } from './use-viewer';

/**
 * 'Book now' asks anonymous users to log in first unless the activity allows anonymous booking
 * (bookings-api.md). The basket needs a logged-in user whatever the activity allows, so for an
 * activity that allows anonymous booking the visitor's 'Book now' opens the login modal and then
 * carries on without a second click, once the screen shows the availability the page loads again
 * for the user (their own statuses and prices: a member books at the member price). For any other
 * activity the visitor stays where they were after the login and sees their own prices first.
 *
 * `guard(action)` is called while rendering and answers the click handler; the action of the
 * latest render is the one that carries on. `shown` is the availability answer the screen renders
 * (the slots, the occurrence): the action carries on once it is the answer for the user.
 */
export function useLoginFirst(
  allowsAnonymous: boolean,
  shown?: unknown,
): {
  guard: (action: () => void) => () => void;
  loginModal: ReactNode;
} {
  const { isLoggedIn } = useSession();
  const { viewer } = useViewer();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [carryOn, setCarryOn] = useState(false);
  const latest = useRef<() => void>(() => undefined);

  // Availability keys end with the viewer; after a login the screen keeps the anonymous answer
  // until the user's arrives, and that answer reaches this screen in a render of its own.
  const showsUsersAnswer =
    isLoggedIn &&
    shown !== undefined &&
    queryClient
      .getQueryCache()
      .findAll({ queryKey: activitiesKeys.all })
      .some((query) => query.state.data === shown && query.queryKey.at(-1) === viewer);

  const guard = (action: () => void) => {
    latest.current = action;
    return () => {
      if (isLoggedIn) {
        action();
        return;
      }
      setCarryOn(allowsAnonymous);
      setOpen(true);
    };
  };

  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    // Closed without a login (Escape, the close button): nothing to carry on.
    if (!next && !hasSessionCookie()) setCarryOn(false);
  }, []);

  useEffect(() => {
    if (!carryOn || !showsUsersAnswer) return;
    setCarryOn(false);
    latest.current();
  }, [carryOn, showsUsersAnswer]);

  const loginModal = <LoginModal open={open} onOpenChange={onOpenChange} />;
  return { guard, loginModal };
}
