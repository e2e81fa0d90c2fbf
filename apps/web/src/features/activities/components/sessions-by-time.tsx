import { type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatLongDate } from '../../../shared/format/dates';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useBookableDates } from '../api/get-bookable-dates';
import { useCategory } from '../api/get-category';
import { useOccurrence } from '../api/get-occurrence';
import { type SessionTime, useTimes } from '../api/get-times';
import { useViewer } from '../hooks/use-viewer';
import { byTimeHref, classHref, slotHref } from '../lib/links';
import { statusClass, statusKey } from '../lib/statuses';
import { DateStrip } from './date-strip';
import { LoadError } from './load-error';
import { myBookingsPath } from './own-place';
import '../activities.css';

export interface SessionsByTimeProps {
  venue: string;
  activity: string;
  date: string;
}

/**
 * Court-style activities (several locations per time) open the slot page; classes and courses the
 * class page. Only a session says which kind its activity is, so the day's first one is asked; if
 * that fails, a time running in 'Multiple' locations is taken for a court.
 */
function useSlotStyle(times: SessionTime[] | undefined): {
  ready: boolean;
  isSlot: (time: SessionTime) => boolean;
} {
  const { viewer } = useViewer();
  const first = times?.[0];
  const occurrence = useOccurrence(first?.id ?? '', viewer, Boolean(first));
  const kind = occurrence.data?.kind;
  return {
    ready: !first || !occurrence.isPending,
    isSlot: (time) => (kind ? kind === 'court' : time.location === 'Multiple'),
  };
}

/**
 * The slot and class modals are child routes of the list: closing one navigates back here and the
 * dialog unmounts, so it cannot give focus back itself. The list does: the session link whose path
 * was open (the opener, or the session a deep link named) gets the focus once it is rendered.
 */
function useFocusReturn(list: RefObject<HTMLUListElement | null>, listed: boolean) {
  const { pathname } = useLocation();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (/\/by-time\/.+/.test(pathname)) {
      opened.current = pathname;
      return;
    }
    const path = opened.current;
    if (path === null || !listed) return;
    opened.current = null;
    const links = Array.from(list.current?.querySelectorAll('a') ?? []);
    links.find((link) => link.pathname === path)?.focus();
  }, [pathname, listed, list]);
}

function SessionCard({ time, href }: { time: SessionTime; href: string }) {
  const { t } = useTranslation('bookings');
  const statusId = useId();
  const { status, reason } = time.actionToShow;
  // The member's own booking or basket place says so instead of the status others see.
  const own = time.booking
    ? 'sessions.status.booked'
    : time.cartItemId !== null
      ? 'sessions.status.inBasket'
      : null;
  return (
    <li className="card card-link session-card">
      <h3>
        <Link to={href} aria-describedby={statusId} preventScrollReset>
          {t('sessions.timeRange', { start: time.startsAt.format24Hour, end: time.endsAt.format24Hour })}
        </Link>
      </h3>
      <p className="session-meta">
        <span>{time.duration}</span>
        <span>{time.name}</span>
        <span>{time.location}</span>
      </p>
      <p className="session-price">{time.price.formattedAmount}</p>
      <p>{t('sessions.spaces', { count: time.spaces })}</p>
      {own ? (
        <p id={statusId} className="status-badge status-own">
          {t(own)}
        </p>
      ) : (
        <p id={statusId} className={statusClass(status)}>
          {t(statusKey(status))}
          {status === null && reason ? <span className="visually-hidden">: {reason}</span> : null}
        </p>
      )}
      {time.booking ? (
        <p className="session-own">
          <SiteLink site="account" to={myBookingsPath}>
            {t('sessions.viewBooking')}
          </SiteLink>
        </p>
      ) : null}
      {!own && status === null && reason ? (
        <p className="field-hint" aria-hidden="true">
          {reason}
        </p>
      ) : null}
    </li>
  );
}

/**
 * `/location/{venue}/{activity}/{date}/by-time`: the date strip, then that day's sessions in time
 * order with time range, duration, name, location, price, places left and status.
 */
export function SessionsByTime({ venue, activity, date }: SessionsByTimeProps) {
  const { t } = useTranslation('bookings');
  const { viewer, ready } = useViewer();
  const category = useCategory(venue, activity);
  const dates = useBookableDates(venue, activity);
  const times = useTimes(venue, activity, date, viewer, ready);
  const style = useSlotStyle(times.data);
  const datesId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  useFocusReturn(listRef, Boolean(times.data && style.ready));
  const longDate = formatLongDate(date);
  const name = category.data?.name ?? activity;
  usePageTitle(`${name} | ${longDate}`);

  if (category.isPending) return <PageSpinner />;
  if (category.isError) return <LoadError error={category.error} backTo="/" />;
  return (
    <>
      <h1>{name}</h1>
      <h2 id={datesId} className="visually-hidden">
        {t('dates.heading')}
      </h2>
      {dates.data ? (
        <DateStrip
          dates={dates.data}
          selected={date}
          labelledBy={datesId}
          hrefFor={(day) => byTimeHref(venue, activity, day)}
        />
      ) : (
        // The strip's place is kept while the dates load, so the list below does not jump (issue 16).
        <div className="date-strip date-strip-pending" aria-hidden="true" />
      )}
      <h2 id={listId}>{t('sessions.heading', { date: longDate })}</h2>
      {times.isError ? (
        <LoadError error={times.error} />
      ) : !times.data || !style.ready ? (
        <PageSpinner />
      ) : times.data.length === 0 ? (
        <p>{t('sessions.empty')}</p>
      ) : (
        <ul ref={listRef} className="session-list" aria-labelledby={listId}>
          {times.data.map((time) => (
            <SessionCard
              key={time.compositeKey}
              time={time}
              href={
                style.isSlot(time)
                  ? slotHref(
                      venue,
                      activity,
                      date,
                      time.startsAt.format24Hour,
                      time.endsAt.format24Hour,
                      time.compositeKey,
                    )
                  : classHref(venue, activity, date, time.id)
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}
