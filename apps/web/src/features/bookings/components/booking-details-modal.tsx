import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDayDate } from '../../../shared/format/dates';
import { Modal } from '../../../shared/ui/modal';
import type { BookingView } from '../lib/booking-view';

export interface BookingDetailsModalProps {
  booking: BookingView | null;
  onClose: () => void;
}

/** A booking's details with 'View order' (-> /payments/order-history/{orderId}). */
export function BookingDetailsModal({ booking, onClose }: BookingDetailsModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal open={booking !== null} onOpenChange={(open) => !open && onClose()} title={booking?.name ?? ''}>
      {booking ? (
        <>
          {booking.description ? <p>{booking.description}</p> : null}
          <dl className="booking-facts">
            <dt>{t('bookingsArea.fields.date')}</dt>
            <dd>{formatDayDate(booking.dateRaw)}</dd>
            <dt>{t('bookingsArea.fields.time')}</dt>
            <dd>
              {booking.startTime} - {booking.endTime}
            </dd>
            <dt>{t('bookingsArea.fields.duration')}</dt>
            <dd>{booking.duration}</dd>
            <dt>{t('bookingsArea.fields.venue')}</dt>
            <dd>{booking.venueName}</dd>
            <dt>{t('bookingsArea.fields.location')}</dt>
            <dd>{booking.locationName}</dd>
            <dt>{t('bookingsArea.fields.category')}</dt>
            <dd>{booking.category}</dd>
            <dt>{t('bookingsArea.fields.price')}</dt>
            <dd>{booking.price}</dd>
            <dt>{t('bookingsArea.fields.cutoff')}</dt>
            <dd>{booking.cutoffMessage}</dd>
          </dl>
          <div className="modal-actions">
            <Link className="btn btn-primary" to={`/payments/order-history/${booking.orderId}`}>
              {t('bookingsArea.viewOrder')}
            </Link>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
