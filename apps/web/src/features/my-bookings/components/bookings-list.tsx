import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { type BookingsFilter, useBookings } from '../api/get-bookings';
import type { BookingView } from '../lib/booking-view';
import { BookingCard } from './booking-card';
import { BookingDetailsModal } from './booking-details-modal';
import { CancelBookingModal } from './cancel-booking-modal';

/** Upcoming (with cancel) or previous bookings, with the details and cancel modals. */
export function BookingsList({ filter }: { filter: BookingsFilter }) {
  const { t } = useTranslation('account');
  const bookings = useBookings(filter);
  const [details, setDetails] = useState<BookingView | null>(null);
  const [cancelling, setCancelling] = useState<BookingView | null>(null);
  const tab = filter === 'future' ? 'upcoming' : 'historic';

  if (bookings.isError) {
    return (
      <p role="alert" className="form-error">
        {t('bookingsArea.loadBookingsError')}
      </p>
    );
  }
  if (!bookings.data) return <PageSpinner />;
  return (
    <>
      {bookings.data.length === 0 ? (
        <p>{t(`bookingsArea.empty.${tab}`)}</p>
      ) : (
        <ul className="booking-list" aria-label={t(`bookingsArea.listLabel.${tab}`)}>
          {bookings.data.map((booking) => (
            <li key={booking.id}>
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
      <BookingDetailsModal booking={details} onClose={() => setDetails(null)} />
      <CancelBookingModal booking={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
