import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  type Bundle,
  useBookingBundle,
  useCancelBookingBundle,
} from '../../../features/bookings/api/booking-bundle';
import { toSessionDisplay } from '../../../features/bookings/lib/sessions';
import {
  courseWeeks,
  formatDate,
  localParts,
  minutesBetween,
  weekdayPlural,
} from '../../../shared/format/dates';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import '../../../features/bookings/bookings.css';

/** Default session length when a course has no sessions to measure (my-account.md 9). */
const defaultDurationMinutes = 60;

function CourseNotFound() {
  const { t } = useTranslation('account');
  return (
    <main id="main" className="page status-page">
      <h1>{t('bookingsArea.course.notFound')}</h1>
      <p>{t('bookingsArea.course.notFoundText')}</p>
      <p>
        <Link className="btn btn-primary" to="/bookings/upcoming">
          {t('bookingsArea.course.backToBookings')}
        </Link>
      </p>
    </main>
  );
}

function CourseDetails({ bundle, bundleId }: { bundle: Bundle; bundleId: string }) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelBookingBundle(bundleId);
  const attendeeId = useId();
  const sessions = bundle.bookings.map((session) => toSessionDisplay(session));
  const first = bundle.bookings[0];
  const last = bundle.bookings.at(-1);
  const duration =
    first !== undefined ? minutesBetween(first.startsAt.local, first.endsAt.local) : defaultDurationMinutes;
  const isCancelled = bundle.status === 'cancelled';
  // Sessions inside their cut-off stay booked when the rest of the course is cancelled.
  const isPartlyCancelled = bundle.status === 'partially_cancelled';
  const canCancel = bundle.cancellation.canCancel && !isCancelled;
  const credit = bundle.cancellation.credit;

  return (
    <main id="main" className="page">
      <p>
        <Link to="/">{t('bookingsArea.course.back')}</Link>
      </p>
      <header className="course-header">
        <h1>{bundle.name}</h1>
        <dl className="booking-facts" aria-label={t('bookingsArea.course.summary')}>
          <dt>{t('bookingsArea.course.category')}</dt>
          <dd>{bundle.category.name}</dd>
          <dt>{t('bookingsArea.fields.price')}</dt>
          <dd>
            <span aria-hidden="true">{bundle.totalPrice.formatted}</span>
            <span className="visually-hidden">
              {t('bookingsArea.course.priceLabel', { price: bundle.totalPrice.formatted })}
            </span>
          </dd>
          {first && last ? (
            <>
              <dt>{t('bookingsArea.course.dateRange')}</dt>
              <dd>
                {formatDate(localParts(first.startsAt.local).date)} -{' '}
                {formatDate(localParts(last.startsAt.local).date)} (
                {t('bookingsArea.course.weeks', {
                  count: courseWeeks(first.startsAt.local, last.startsAt.local),
                })}
                )
              </dd>
              <dt>{t('bookingsArea.course.dayTime')}</dt>
              <dd>
                {weekdayPlural(localParts(first.startsAt.local).date)},{' '}
                {localParts(first.startsAt.local).time} - {localParts(first.endsAt.local).time}
              </dd>
            </>
          ) : null}
          <dt>{t('bookingsArea.course.duration')}</dt>
          <dd>{t('bookingsArea.course.durationValue', { minutes: duration })}</dd>
          <dt>{t('bookingsArea.course.venue')}</dt>
          <dd>{bundle.venue.name}</dd>
          {bundle.instructors.length > 0 ? (
            <>
              <dt>{t('bookingsArea.course.instructors')}</dt>
              <dd>{bundle.instructors.map((instructor) => instructor.name).join(', ')}</dd>
            </>
          ) : null}
        </dl>
        {isCancelled || isPartlyCancelled ? (
          <p role="status">
            <span className="badge badge-danger">{t('bookingsArea.course.cancelled')}</span>{' '}
            {isCancelled
              ? t('bookingsArea.course.cancelledText')
              : t('bookingsArea.course.partlyCancelledText')}
          </p>
        ) : !bundle.cancellation.canCancel ? (
          <p className="booking-muted">{t('bookingsArea.course.windowClosed')}</p>
        ) : null}
      </header>

      {bundle.description ? (
        <details className="course-section" open>
          <summary>{t('bookingsArea.course.about')}</summary>
          <p>{bundle.description}</p>
        </details>
      ) : null}

      <section className="course-section" aria-labelledby={`${attendeeId}-dates`}>
        <h2 id={`${attendeeId}-dates`}>{t('bookingsArea.course.dates')}</h2>
        {bundle.scheduleId === null || sessions.length === 0 ? (
          <p>{t('bookingsArea.course.scheduleNotAvailable')}</p>
        ) : (
          <ul className="session-list">
            {sessions.map((session) => (
              <li key={session.id} className={session.isPast ? 'session-item session-past' : 'session-item'}>
                <span>{session.dayAndDate}</span>
                <span>{session.timeRange}</span>
                <span>{session.location}</span>
                {session.isPast ? (
                  <span className="visually-hidden">{t('bookingsArea.course.past')}</span>
                ) : null}
                {session.isCancelled ? <span>{t('bookingsArea.course.sessionCancelled')}</span> : null}
                {!session.isPast && session.spots !== null ? (
                  <span className="badge badge-info">
                    {t('bookingsArea.course.available', { count: session.spots })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="course-section" aria-labelledby={`${attendeeId}-attendee`}>
        <h2 id={`${attendeeId}-attendee`}>{t('bookingsArea.course.attendee')}</h2>
        <fieldset disabled className="form">
          <legend className="visually-hidden">{t('bookingsArea.course.attendee')}</legend>
          <div className="field">
            <label className="field-label" htmlFor={attendeeId}>
              {t('bookingsArea.course.attendeeName')}
            </label>
            <input
              id={attendeeId}
              type="text"
              value={user ? `${user.firstName} ${user.lastName}` : ''}
              readOnly
            />
            <p className="field-hint">{t('bookingsArea.course.attendeeHint')}</p>
          </div>
        </fieldset>
      </section>

      <div className="course-actions">
        <button
          type="button"
          className="btn btn-danger"
          disabled={!canCancel || cancel.isPending}
          aria-busy={cancel.isPending || undefined}
          onClick={() => setConfirming(true)}
        >
          {cancel.isPending ? t('bookingsArea.course.cancelling') : t('bookingsArea.course.cancel')}
        </button>
      </div>

      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('bookingsArea.course.confirmTitle')}
        size="small"
      >
        <p>{t('bookingsArea.course.confirmText', { name: bundle.name })}</p>
        <p>
          {credit.amount > 0 ? t('bookingsArea.course.credit', { amount: credit.formatted }) : credit.message}
        </p>
        <div className="modal-actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (awarded) => {
                  setConfirming(false);
                  notify.success(t('bookingsArea.cancelled'), { description: awarded.message });
                },
                onError: (error) => {
                  setConfirming(false);
                  notify.error(error.message);
                },
              })
            }
          >
            {cancel.isPending ? t('bookingsArea.course.cancelling') : t('bookingsArea.course.confirm')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)}>
            {t('bookingsArea.course.goBack')}
          </button>
        </div>
      </Modal>
    </main>
  );
}

/** `/bookings/courses/{bookingBundleId}` (my-account.md 2.4). */
export function CourseBookingScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('bookingsArea.course.title'));
  const { bookingBundleId = '' } = useParams();
  const bundle = useBookingBundle(bookingBundleId);
  if (bundle.isPending) return <PageSpinner />;
  if (bundle.isError || !bundle.data) return <CourseNotFound />;
  return <CourseDetails bundle={bundle.data} bundleId={bookingBundleId} />;
}
