import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDayDate } from '../../../shared/format/dates';
import type { BookingView } from '../lib/booking-view';
import '../bookings.css';

export interface BookingCardProps {
  booking: BookingView;
  /** Shows the cancel button (upcoming bookings). */
  onCancel?: ((booking: BookingView) => void) | undefined;
  onDetails?: ((booking: BookingView) => void) | undefined;
  /** The heading level inside its page. */
  headingLevel?: 2 | 3;
}

/** One booking: what, when, where and the price, with details and cancel (my-account.md 2.3). */
export function BookingCard({ booking, onCancel, onDetails, headingLevel = 3 }: BookingCardProps) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const tipId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="booking-card" aria-labelledby={headingId}>
      <Heading id={headingId} className="booking-card-name">
        {booking.name}
      </Heading>
      {booking.bundle ? (
        <p className="booking-muted">
          {t('bookingsArea.courseSession', {
            position: booking.bundle.position,
            total: booking.bundle.total,
          })}
        </p>
      ) : null}
      <dl className="booking-card-meta">
        <dt>{t('bookingsArea.fields.date')}</dt>
        <dd>{formatDayDate(booking.dateRaw)}</dd>
        <dt>{t('bookingsArea.fields.time')}</dt>
        <dd>
          {booking.startTime} - {booking.endTime}
        </dd>
        <dt>{t('bookingsArea.fields.venue')}</dt>
        <dd>{booking.venueName}</dd>
        <dt>{t('bookingsArea.fields.location')}</dt>
        <dd>{booking.locationName}</dd>
      </dl>
      <div className="booking-card-actions">
        {onDetails ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={t('bookingsArea.viewDetailsOf', { name: booking.name })}
            onClick={() => onDetails(booking)}
          >
            {t('bookingsArea.viewDetails')}
          </button>
        ) : null}
        {booking.bundle ? (
          <Link className="btn btn-secondary btn-small" to={`/bookings/courses/${booking.bundle.id}`}>
            {t('bookingsArea.viewCourse')}
          </Link>
        ) : onCancel ? (
          booking.canBeCancelled ? (
            <button
              type="button"
              className="btn btn-primary btn-small"
              aria-label={t('bookingsArea.cancelOf', { name: booking.name })}
              onClick={() => onCancel(booking)}
            >
              {t('bookingsArea.cancel')}
            </button>
          ) : (
            // aria-disabled keeps the button focusable, so keyboard users reach the tooltip too.
            <span className="tooltip-anchor">
              <button
                type="button"
                className="btn btn-primary btn-small"
                aria-disabled="true"
                aria-label={t('bookingsArea.cancelOf', { name: booking.name })}
                aria-describedby={tipId}
              >
                {t('bookingsArea.cancel')}
              </button>
              <span role="tooltip" id={tipId} className="tooltip">
                {t('bookingsArea.cannotCancel')}
              </span>
            </span>
          )
        ) : null}
      </div>
    </article>
  );
}
