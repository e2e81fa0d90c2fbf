import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCartOwner } from '../../../shared/cart/cart-owner';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import type { Occurrence } from '../api/get-occurrence';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { cartErrorMessage } from '../hooks/use-add-to-basket';
import { useLoginFirst } from '../hooks/use-login-first';

/**
 * A full class's waitlist (bookings-api.md "Rules": a full class offers the waitlist): 'Join
 * waitlist', or, for someone on it (the occurrence's `waitlist_id`, so it survives a reload), their
 * position and 'Leave waitlist'.
 */
export function ClassWaitlist({ occurrence }: { occurrence: Occurrence }) {
  const { t } = useTranslation('bookings');
  const { selectedUserId } = useCartOwner();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  // Joining a waitlist always needs an account.
  const { guard, loginModal } = useLoginFirst(false);
  // The entry the occurrence answers; the mutations' answers stand in until it is asked again.
  const leftId = leave.isSuccess ? leave.variables.waitlistId : undefined;
  const entry =
    occurrence.waitlistId !== null && occurrence.waitlistId !== leftId
      ? { id: occurrence.waitlistId, position: occurrence.waitlistPosition ?? 0 }
      : join.data && join.data.status === 'waiting' && join.data.id !== leftId
        ? { id: join.data.id, position: join.data.position }
        : null;
  // The control pressed goes away: focus moves to the one that replaces it.
  const nextControl = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const onWaitlist = entry !== null;
  const wasOnWaitlist = useRef(onWaitlist);
  useEffect(() => {
    if (wasOnWaitlist.current === onWaitlist) return;
    wasOnWaitlist.current = onWaitlist;
    if (!moveFocus.current) return;
    moveFocus.current = false;
    nextControl.current?.focus();
  });
  const failed = (error: unknown) => notify.error(cartErrorMessage(error, t('addToBasket.failed')));
  const onJoin = guard(() =>
    join.mutate(
      { occurrenceId: occurrence.id, selectedUserId },
      {
        onSuccess: () => {
          moveFocus.current = true;
          notify.success(t('booking.waitlistJoined'));
        },
        onError: failed,
      },
    ),
  );
  const onLeave = (waitlistId: number) =>
    leave.mutate(
      { waitlistId, selectedUserId },
      {
        onSuccess: () => {
          moveFocus.current = true;
          notify.success(t('booking.waitlistLeft'));
        },
        onError: failed,
      },
    );
  return (
    <div className="booking-waitlist">
      <p>{t('booking.waitlistIntro')}</p>
      {entry ? (
        <>
          <p role="status" className="notice">
            {t('booking.onWaitlist', { position: entry.position })}
          </p>
          <Button
            ref={nextControl}
            variant="secondary"
            onClick={() => onLeave(entry.id)}
            busy={leave.isPending}
            busyText={t('booking.leaving')}
          >
            {t('booking.leaveWaitlist')}
          </Button>
        </>
      ) : (
        <Button ref={nextControl} onClick={onJoin} busy={join.isPending} busyText={t('booking.joining')}>
          {t('booking.joinWaitlist')}
        </Button>
      )}
      {loginModal}
    </div>
  );
}
