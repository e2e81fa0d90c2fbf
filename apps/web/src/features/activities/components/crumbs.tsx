import { formatShortDate } from '../../../shared/format/dates';
import { useCategory } from '../api/get-category';
import { useVenue } from '../api/get-venues';

/**
 * Breadcrumb texts that need data (route `handle.crumb` functions render these): the venue's and
 * the category's names once known, their slugs until then.
 */
export function VenueCrumb({ venue }: { venue: string }) {
  const { data } = useVenue(venue);
  return <>{data?.name ?? venue}</>;
}

export function CategoryCrumb({ venue, slug }: { venue: string; slug: string }) {
  const { data } = useCategory(venue, slug);
  return <>{data?.name ?? slug}</>;
}

export function DateCrumb({ date }: { date: string }) {
  return <>{formatShortDate(date)}</>;
}
