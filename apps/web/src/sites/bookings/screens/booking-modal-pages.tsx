import { useNavigate, useParams } from 'react-router';
import { ClassBooking } from '../../../features/activities/components/class-booking';
import { SlotBooking } from '../../../features/activities/components/slot-booking';
import { byTimeHref, parseTimeRange } from '../../../features/activities/lib/links';
import { Redirect } from '../../../shared/app/server-rendered';

/** Closing a booking modal goes back to the day's list under it. */
function useBackToList(): () => void {
  const navigate = useNavigate();
  const { venue = '', slug = '', date = '' } = useParams();
  return () => navigate(byTimeHref(venue, slug, date), { preventScrollReset: true });
}

/** `.../by-time/slot/{HH:MM}-{HH:MM}/{compositeKey}` */
export function SlotPage() {
  const { venue = '', slug = '', date = '', times, compositeKey = '' } = useParams();
  const onClose = useBackToList();
  const range = parseTimeRange(times);
  if (!range) return <Redirect to={byTimeHref(venue, slug, date)} />;
  return (
    <SlotBooking
      venue={venue}
      activity={slug}
      date={date}
      start={range.start}
      end={range.end}
      compositeKey={compositeKey}
      onClose={onClose}
    />
  );
}

/** `.../by-time/class/{id}` */
export function ClassPage() {
  const { id = '' } = useParams();
  const onClose = useBackToList();
  return <ClassBooking id={id} onClose={onClose} />;
}
