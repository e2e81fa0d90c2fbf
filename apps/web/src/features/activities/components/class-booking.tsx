import { formatMoney } from '@leisure/contract/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../../shared/operator/use-client';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { type Occurrence, useOccurrence } from '../api/get-occurrence';
import { useAddToBasket } from '../hooks/use-add-to-basket';
import { useLoginFirst } from '../hooks/use-login-first';
import { useViewer } from '../hooks/use-viewer';
import { isFull } from '../lib/statuses';
import { BookingAdded } from './booking-added';
import { ClassWaitlist } from './class-waitlist';
import { LoadError } from './load-error';
import { BookedNotice } from './own-place';
import { TicketStepper } from './ticket-stepper';
import '../activities.css';

export interface ClassBookingProps {
  id: string;
  onClose: () => void;
}

function ClassForm({ occurrence, onClose }: { occurrence: Occurrence; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const { tickets, spaces, actionToShow } = occurrence;
  // One place of the first ticket (Adult) to start with, when there is a place.
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    tickets[0] && spaces > 0 ? { [tickets[0].id]: 1 } : {},
  );
  const { add, busy, added } = useAddToBasket();
  const { guard, loginModal } = useLoginFirst(occurrence.allowsAnonymousBookings, occurrence);

  const status = actionToShow.status;
  const full = isFull(status, spaces);
  const notYet = status === null;
  const chosen = tickets.filter((ticket) => (quantities[ticket.id] ?? 0) > 0);
  const places = chosen.reduce((sum, ticket) => sum + (quantities[ticket.id] ?? 0), 0);
  const total = chosen.reduce((sum, ticket) => sum + ticket.price.raw * (quantities[ticket.id] ?? 0), 0);
  const currency = useClient().data?.currency;
  const message = full
    ? t('booking.fullNoWaitlist')
    : notYet
      ? actionToShow.reason
      : places === 0
        ? t('booking.chooseTicket')
        : null;

  const bookNow = guard(() =>
    add([
      {
        id: occurrence.id,
        type: occurrence.kind === 'course' ? 'av2BookingBundle' : 'activity',
        pricingOptionId: chosen[0]?.pricingOption.id,
        options: {
          tickets: chosen.map((ticket) => ({
            ticketId: Number(ticket.id),
            quantity: quantities[ticket.id] ?? 0,
          })),
        },
      },
    ]),
  );

  return (
    <div className="booking-form">
      <p className="booking-name">{occurrence.name}</p>
      <dl className="booking-facts">
        <dt>{t('booking.date')}</dt>
        <dd>{occurrence.date.fullDatePretty}</dd>
        <dt>{t('booking.time')}</dt>
        <dd>
          {t('sessions.timeRange', {
            start: occurrence.startsAt.format24Hour,
            end: occurrence.endsAt.format24Hour,
          })}
        </dd>
        <dt>{t('booking.duration')}</dt>
        <dd>{occurrence.duration}</dd>
        <dt>{t('booking.location')}</dt>
        <dd>{occurrence.location.name}</dd>
        {occurrence.instructor ? (
          <>
            <dt>{t('booking.instructor')}</dt>
            <dd>{occurrence.instructor}</dd>
          </>
        ) : null}
      </dl>
      <p>{t('sessions.spaces', { count: Math.max(0, spaces) })}</p>
      {occurrence.bundle ? (
        <p className="notice">
          {t('booking.bundle', { name: occurrence.bundle.name, count: occurrence.bundle.sessionsCount })}
        </p>
      ) : null}
      {/* What the member already holds comes first: the place they just took, even the last one
          (the class is full for everyone else), is not offered again nor put on the waitlist. */}
      {occurrence.booking ? (
        <BookedNotice />
      ) : added || occurrence.cartItemId !== null ? (
        <BookingAdded onClose={onClose} inBasket={!added} />
      ) : status === 'WAITLIST' ? (
        <ClassWaitlist occurrence={occurrence} />
      ) : (
        <>
          {full ? null : (
            <fieldset className="ticket-list">
              <legend className="field-label">{t('booking.priceOptions')}</legend>
              {tickets.map((ticket) => {
                const quantity = quantities[ticket.id] ?? 0;
                return (
                  <TicketStepper
                    key={ticket.id}
                    ticket={ticket}
                    quantity={quantity}
                    max={quantity + Math.max(0, spaces - places)}
                    onChange={(next) => setQuantities((current) => ({ ...current, [ticket.id]: next }))}
                  />
                );
              })}
              <p className="booking-total" aria-live="polite">
                <span>{t('booking.total')}</span> <span>{formatMoney(total, currency)}</span>
              </p>
            </fieldset>
          )}
          <div>
            <Button
              onClick={bookNow}
              disabled={full || notYet || places === 0}
              busy={busy}
              busyText={t('booking.adding')}
              aria-describedby={message ? `${id}-message` : undefined}
            >
              {t('booking.bookNow')}
            </Button>
            {message ? (
              <p id={`${id}-message`} className="booking-message">
                {message}
              </p>
            ) : null}
          </div>
        </>
      )}
      {loginModal}
    </div>
  );
}

/**
 * The class page (`.../by-time/class/{id}`): the same 'Your selection' modal for a class or a
 * course session: places left, price options (tickets with quantities) and 'Book now'; when full,
 * the waitlist where the class keeps one, else that it has none. A member's own booking, basket
 * place or waitlist entry is shown instead of offering the session again.
 */
export function ClassBooking({ id, onClose }: ClassBookingProps) {
  const { t } = useTranslation('bookings');
  const { viewer, ready } = useViewer();
  const occurrence = useOccurrence(id, viewer, ready);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('booking.title')}
      size="small"
    >
      {occurrence.isError ? (
        <LoadError error={occurrence.error} />
      ) : !occurrence.data ? (
        <PageSpinner />
      ) : (
        <ClassForm key={occurrence.data.id} occurrence={occurrence.data} onClose={onClose} />
      )}
    </Modal>
  );
}
