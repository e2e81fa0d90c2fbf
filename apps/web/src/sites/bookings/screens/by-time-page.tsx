import { Suspense } from 'react';
import { Outlet, useParams } from 'react-router';
import { SessionsByTime } from '../../../features/activities/components/sessions-by-time';
import { isCalendarDate } from '../../../shared/format/dates';
import { NotFoundPage } from '../../../shared/layout/error-pages';

/**
 * `/location/{venue}/{activity}/{YYYY-MM-DD}/by-time`: the day's sessions; the slot and class
 * pages are modals over it (child routes, so they deep-link).
 */
export function ByTimePage() {
  const { venue = '', slug = '', date } = useParams();
  if (!isCalendarDate(date)) return <NotFoundPage />;
  return (
    <main id="main" className="page" tabIndex={-1}>
      <SessionsByTime venue={venue} activity={slug} date={date} />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </main>
  );
}
