import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { SiteLink } from '../../../shared/links/site-link';
import { useBookings } from '../api/get-bookings';
import type { BookingView } from '../lib/booking-view';
import { BookingCard } from './booking-card';
import '../bookings.css';

/**
 * The details modal (and the dialog library) is its own chunk, loaded when a booking's details are
 * first asked for, so the dashboard's first paint does not wait for it (issue 16, phones).
 */
const BookingDetailsModal = lazyWithTimeout(() => import('./booking-details-modal'), 'BookingDetailsModal');

/**
 * The dashboard's 'My next booking' (my-account.md 2.2): the soonest upcoming booking, or the empty
 * state with 'Book an activity' (the bookings sub-site's redirect-to-selected-venue, with the kiosk
 * flag in kiosk mode), and 'View all' (-> /bookings/upcoming).
 */
export function NextBooking() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const bookings = useBookings('future');
  const [details, setDetails] = useState<BookingView | null>(null);
  // Once opened, the modal stays mounted so that closing it runs the dialog's own close (focus return).
  const [detailsWanted, setDetailsWanted] = useState(false);
  const showDetails = (booking: BookingView) => {
    setDetailsWanted(true);
    setDetails(booking);
  };
  const next = bookings.data?.[0];
  return (
    <section className="next-booking" aria-labelledby={headingId}>
      <div className="next-booking-header">
        <h2 id={headingId}>{t('bookingsArea.next.title')}</h2>
        <Link to="/bookings/upcoming">{t('bookingsArea.next.viewAll')}</Link>
      </div>
      {bookings.isError ? (
        <p role="alert" className="form-error">
          {t('bookingsArea.loadBookingsError')}
        </p>
      ) : bookings.isPending ? (
        // Holds about a booking card's height, so the cards below do not jump when it arrives.
        <p className="booking-muted next-booking-loading">{t('common.loading')}</p>
      ) : next ? (
        <BookingCard booking={next} onDetails={showDetails} />
      ) : (
        <div className="booking-card">
          <p>{t('bookingsArea.next.empty')}</p>
          <p>
            <SiteLink site="bookings" to="/redirect-to-selected-venue" className="btn btn-primary">
              {t('bookingsArea.next.book')}
            </SiteLink>
          </p>
        </div>
      )}
      {detailsWanted ? (
        <Suspense fallback={null}>
          <BookingDetailsModal booking={details} onClose={() => setDetails(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
