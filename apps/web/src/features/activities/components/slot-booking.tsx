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

function SlotForm({ slots, onClose }: { slots: Slot[]; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const id = useId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  // The first location with a place, until the user picks one.
  const slot =
    slots.find((item) => item.id === chosenId) ?? slots.find((item) => !slotIsFull(item)) ?? slots[0];
  const { add, busy, added } = useAddToBasket();
  const { guard, loginModal } = useLoginFirst(slot?.allowsAnonymousBookings ?? false, slots);
  if (!slot) return null;

  const full = slotIsFull(slot);
  const notYet = slot.actionToShow.status === null;
  const message = full ? t('booking.full') : notYet ? slot.actionToShow.reason : null;
  const bookNow = guard(() =>
    add([{ id: slot.id, type: slot.cartType, pricingOptionId: slot.pricingOptionId }]),
  );

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
              {slotIsFull(item)
                ? t('booking.fullOption', { location: item.location.name })
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
      {added ? (
        <BookingAdded onClose={onClose} />
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
      ) : !slots.data ? (
        <PageSpinner />
      ) : slots.data.length === 0 ? (
        <p>{t('booking.notFound')}</p>
      ) : (
        <SlotForm slots={slots.data} onClose={onClose} />
      )}
    </Modal>
  );
}
