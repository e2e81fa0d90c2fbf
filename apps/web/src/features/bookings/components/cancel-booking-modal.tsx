import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDayDate } from '../../../shared/format/dates';
import { Modal } from '../../../shared/ui/modal';
import { useCancelBooking } from '../api/cancel-booking';
import type { BookingView } from '../lib/booking-view';

export interface CancelBookingModalProps {
  booking: BookingView | null;
  onClose: () => void;
}

/**
 * Confirm, then cancel (v1 or v2 by the client setting). Success keeps the modal open with the
 * 'Cancelled' badge, 'Your booking has been cancelled' and the credit message while the list
 * reloads without the booking; a failure shows the server's text and 'Back to my bookings'.
 */
export function CancelBookingModal({ booking, onClose }: CancelBookingModalProps) {
  const { t } = useTranslation('account');
  const cancel = useCancelBooking();
  const close = () => {
    cancel.reset();
    onClose();
  };
  const title = cancel.isSuccess
    ? t('bookingsArea.cancelledTitle')
    : cancel.isError
      ? t('bookingsArea.cancelFailedTitle')
      : t('bookingsArea.confirm.title');
  return (
    <Modal open={booking !== null} onOpenChange={(open) => !open && close()} title={title} size="small">
      {booking === null ? null : cancel.isSuccess ? (
        <div className="cancel-result">
          <p>
            <span className="badge badge-danger">{t('bookingsArea.cancelledBadge')}</span>
          </p>
          <p role="status">{t('bookingsArea.cancelled')}</p>
          <p>{cancel.data.message}</p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={close}>
              {t('bookingsArea.backToBookings')}
            </button>
          </div>
        </div>
      ) : cancel.isError ? (
        <div className="cancel-result">
          <p role="alert" className="form-error">
            {cancel.error.message}
          </p>
          <p>
            <Link to="/bookings/upcoming" onClick={close}>
              {t('bookingsArea.backToBookings')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p>{t('bookingsArea.confirm.text')}</p>
          <p>
            <strong>{booking.name}</strong>
            <br />
            {formatDayDate(booking.dateRaw)}, {booking.startTime} - {booking.endTime}
          </p>
          <p>{booking.awardsCredit.message}</p>
          <p className="booking-muted">{booking.cutoffMessage}</p>
          <div className="modal-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending || undefined}
              onClick={() => cancel.mutate(booking.id)}
            >
              {cancel.isPending ? t('bookingsArea.confirm.busy') : t('bookingsArea.confirm.yes')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={close}>
              {t('bookingsArea.confirm.goBack')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
