import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { type BookingsFilter, useBookings } from '../api/get-bookings';
import type { BookingView } from '../lib/booking-view';
import { BookingCard } from './booking-card';
import { BookingDetailsModal } from './booking-details-modal';
import { CancelBookingModal } from './cancel-booking-modal';

/** How many bookings show at first, and how many more each 'Show more' adds. */
const bookingsPageSize = 20;

/**
 * Upcoming (with cancel) or previous bookings, with the details and cancel modals. The call answers
 * every booking (my-account.md 7, no paging); a long history renders the latest `bookingsPageSize`
 * and 'Show more' adds the next ones, moving focus to the first of them.
 */
export function BookingsList({ filter }: { filter: BookingsFilter }) {
  const { t } = useTranslation('account');
  const bookings = useBookings(filter);
  const [details, setDetails] = useState<BookingView | null>(null);
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const [shown, setShown] = useState(bookingsPageSize);
  // The index of the first booking 'Show more' added: it takes focus once rendered.
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const focusTarget = useRef<HTMLLIElement>(null);
  const tab = filter === 'future' ? 'upcoming' : 'historic';

  useEffect(() => {
    if (focusIndex !== null) focusTarget.current?.focus();
  }, [focusIndex]);

  if (bookings.isError) {
    return (
      <p role="alert" className="form-error">
        {t('bookingsArea.loadBookingsError')}
      </p>
    );
  }
  if (!bookings.data) return <PageSpinner />;
  const total = bookings.data.length;
  const visible = bookings.data.slice(0, shown);
  const showMore = () => {
    setFocusIndex(visible.length);
    setShown((count) => count + bookingsPageSize);
  };
  return (
    <>
      {total === 0 ? (
        <p>{t(`bookingsArea.empty.${tab}`)}</p>
      ) : (
        <ul className="booking-list" aria-label={t(`bookingsArea.listLabel.${tab}`)}>
          {visible.map((booking, index) => (
            <li key={booking.id} {...(index === focusIndex ? { ref: focusTarget, tabIndex: -1 } : {})}>
              <BookingCard
                booking={booking}
                headingLevel={2}
                onDetails={setDetails}
                onCancel={filter === 'future' ? setCancelling : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {total > bookingsPageSize ? (
        <div className="booking-list-more">
          <p role="status">{t('bookingsArea.showing', { shown: visible.length, total })}</p>
          {visible.length < total ? (
            <button type="button" className="btn btn-secondary" onClick={showMore}>
              {t('bookingsArea.showMore')}
            </button>
          ) : null}
        </div>
      ) : null}
      <BookingDetailsModal booking={details} onClose={() => setDetails(null)} />
      <CancelBookingModal booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
