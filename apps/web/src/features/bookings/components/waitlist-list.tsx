import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayDate } from '../../../shared/format/dates';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import { useLeaveWaitlist, useWaitlist, type WaitlistEntry } from '../api/waitlist';

function WaitlistCard({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const leave = useLeaveWaitlist();
  const session = entry.waitlistable;
  return (
    <article className="booking-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="booking-card-name">
        {session.name}
      </h2>
      <dl className="booking-card-meta">
        <dt>{t('bookingsArea.fields.date')}</dt>
        <dd>{formatDayDate(entry.dateRaw)}</dd>
        <dt>{t('bookingsArea.fields.time')}</dt>
        <dd>
          {session.startsAt} - {session.endsAt}
        </dd>
        <dt>{t('bookingsArea.fields.venue')}</dt>
        <dd>{session.venueName}</dd>
        <dt>{t('bookingsArea.fields.location')}</dt>
        <dd>{session.location.name}</dd>
      </dl>
      <p>
        {entry.status === 'offered'
          ? t('bookingsArea.waitlist.offered')
          : t('bookingsArea.waitlist.position', { position: entry.position })}
      </p>
      <div className="booking-card-actions">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={t('bookingsArea.waitlist.leaveOf', { name: session.name })}
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(entry.id, {
              onSuccess: () => notify.success(t('bookingsArea.waitlist.left')),
              onError: (error) => notify.error(error.message),
            })
          }
        >
          {leave.isPending ? t('common.processing') : t('bookingsArea.waitlist.leave')}
        </button>
      </div>
    </article>
  );
}

/** The customer's waitlist entries; leaving one reloads the list. */
export function WaitlistList() {
  const { t } = useTranslation('account');
  const waitlist = useWaitlist();
  if (waitlist.isError) {
    return (
      <p role="alert" className="form-error">
        {t('bookingsArea.loadWaitlistError')}
      </p>
    );
  }
  if (!waitlist.data) return <PageSpinner />;
  if (waitlist.data.length === 0) return <p>{t('bookingsArea.empty.waitlist')}</p>;
  return (
    <ul className="booking-list" aria-label={t('bookingsArea.listLabel.waitlist')}>
      {waitlist.data.map((entry) => (
        <li key={entry.id}>
          <WaitlistCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}
