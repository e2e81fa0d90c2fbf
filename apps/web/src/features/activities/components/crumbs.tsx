import { formatShortDate } from '../../../shared/format/dates';
import { CrumbLink } from '../../../shared/layout/breadcrumbs';
import { useCategory } from '../api/get-category';
import { useVenue } from '../api/get-venues';
import { activityHref } from '../lib/links';

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

/** The categories above a category or activity (Racquet Sports / Badminton), each a link, once known. */
export function CategoryTrail({ venue, slug }: { venue: string; slug: string }) {
  const { data } = useCategory(venue, slug);
  return (
    <>
      {data?.ancestors.map((ancestor) => (
        <CrumbLink key={ancestor.slug} to={activityHref(venue, ancestor.slug)}>
          {ancestor.name}
        </CrumbLink>
      ))}
    </>
  );
}

export function DateCrumb({ date }: { date: string }) {
  return <>{formatShortDate(date)}</>;
}
