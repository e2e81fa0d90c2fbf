import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { type Slot, useSlots } from '../api/get-slots';
import { useAddToBasket } from '../hooks/use-add-to-basket';
import { useLoginFirst } from '../hooks/use-login-first';
import { useViewer } from '../hooks/use-viewer';
import { isFull } from '../lib/statuses';
import { BookingAdded } from './booking-added';
import { LoadError } from './load-error';
import { BookedNotice } from './own-place';
import '../activities.css';

export interface SlotBookingProps {
  venue: string;
  activity: string;
  date: string;
  start: string;
  end: string;
  compositeKey: string;
  onClose: () => void;
}

const slotIsFull = (slot: Slot) => isFull(slot.actionToShow.status, slot.spaces);

/** The member's own court of the time (booked or in their basket), shown first. */
const isOwn = (slot: Slot) => slot.booking !== null || slot.cartItemId !== null;

/** 'Your booking - Court 1', 'In your basket - Court 1', 'FULL - Court 1' or 'Court 2'. */
function optionKey(slot: Slot): string | null {
  if (slot.booking) return 'booking.yourBookingOption';
  if (slot.cartItemId !== null) return 'booking.inBasketOption';
  return slotIsFull(slot) ? 'booking.fullOption' : null;
}

function SlotForm({ slots, onClose }: { slots: Slot[]; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [takenId, setTakenId] = useState<string | null>(null);
  // The member's own court, else the first location with a place, until the user picks one (or
  // books one: it stays chosen when taking it fills the time).
  const slot =
    slots.find((item) => item.id === chosenId) ??
    slots.find(isOwn) ??
    slots.find((item) => !slotIsFull(item)) ??
    slots[0];
  const { add, busy, added } = useAddToBasket();
  const { guard, loginModal } = useLoginFirst(slot?.allowsAnonymousBookings ?? false, slots);
  if (!slot) return null;

  const full = slotIsFull(slot);
  const notYet = slot.actionToShow.status === null;
  const own = isOwn(slot);
  const justTaken = added && takenId === slot.id;
  const message = own ? null : full ? t('booking.full') : notYet ? slot.actionToShow.reason : null;
  const bookNow = guard(() => {
    setChosenId(slot.id);
    setTakenId(slot.id);
    add([{ id: slot.id, type: slot.cartType, pricingOptionId: slot.pricingOptionId }]);
  });

  return (
    <div className="booking-form">
      <p className="booking-name">{slot.name}</p>
      <dl className="booking-facts">
        <dt>{t('booking.date')}</dt>
        <dd>{slot.date.fullDatePretty}</dd>
        <dt>{t('booking.time')}</dt>
        <dd>
          {t('sessions.timeRange', { start: slot.startsAt.format24Hour, end: slot.endsAt.format24Hour })}
        </dd>
        <dt>{t('booking.duration')}</dt>
        <dd>{slot.duration}</dd>
      </dl>
      <div className="field">
        <label htmlFor={`${id}-location`} className="field-label">
          {t('booking.selectLocation')}
        </label>
        <select
          id={`${id}-location`}
          value={slot.id}
          onChange={(event) => setChosenId(event.target.value)}
          aria-describedby={message ? `${id}-message` : undefined}
        >
          {slots.map((item) => (
            <option key={item.id} value={item.id}>
              {optionKey(item)
                ? t(optionKey(item) as string, { location: item.location.name })
                : item.location.name}
            </option>
          ))}
        </select>
      </div>
      <dl className="booking-facts">
        <dt>{t('booking.price')}</dt>
        <dd className="booking-price">
          {slot.price.formatted}
          {slot.price.benefitApplied ? <span className="field-hint"> {t('booking.memberPrice')}</span> : null}
        </dd>
      </dl>
      {slot.booking ? (
        <BookedNotice />
      ) : justTaken || slot.cartItemId !== null ? (
        <BookingAdded onClose={onClose} inBasket={!justTaken} />
      ) : (
        <div>
          <Button
            onClick={bookNow}
            disabled={full || notYet}
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
      )}
      {loginModal}
    </div>
  );
}

/**
 * The slot page (`.../by-time/slot/{HH:MM}-{HH:MM}/{compositeKey}`): a 'Your selection' modal over
 * the day's list with a 'Select location' combobox ('Court 2', 'FULL - Court 1'), the price and
 * 'Book now', disabled with 'The session being booked is already full' for a full location.
 */
export function SlotBooking({ venue, activity, date, start, end, compositeKey, onClose }: SlotBookingProps) {
  const { t } = useTranslation('bookings');
  const { viewer, ready } = useViewer();
  const slots = useSlots(
    venue,
    activity,
    { date, startTime: start, endTime: end, compositeKey },
    viewer,
    ready,
  );
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('booking.title')}
      size="small"
    >
      {slots.isError ? (
        <LoadError error={slots.error} />
      ) : !slots.data || (slots.isPlaceholderData && slots.data.length === 0) ? (
        // After a login the visitor's empty answer is kept until the member's: it is not theirs.
        <PageSpinner />
      ) : slots.data.length === 0 ? (
        <p>{t('booking.notFound')}</p>
      ) : (
        <SlotForm slots={slots.data} onClose={onClose} />
      )}
    </Modal>
  );
}
