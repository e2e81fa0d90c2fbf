import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import type { ActivityCategory } from '../api/get-venue-categories';
import { useVenueCategories } from '../api/get-venue-categories';
import { useVenue } from '../api/get-venues';
import { activityHref } from '../lib/links';
import { LoadError } from './load-error';
import '../activities.css';

/** Cards linking to categories or activities of a venue. */
export function CategoryCards({
  venue,
  items,
  labelledBy,
}: {
  venue: string;
  items: ActivityCategory[];
  labelledBy: string;
}) {
  return (
    <ul className="card-grid" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.slug} className="card card-link">
          <h3>
            <Link to={activityHref(venue, item.slug)}>{item.name}</Link>
          </h3>
        </li>
      ))}
    </ul>
  );
}

/** `/location/{venue}`: the venue's activity categories as cards, and its activities. */
export function VenueActivities({ venue }: { venue: string }) {
  const { t } = useTranslation('bookings');
  const details = useVenue(venue);
  const categories = useVenueCategories(venue);
  const id = useId();
  const name = details.data?.name ?? '';
  usePageTitle(name || t('home.title'));

  if (categories.isError) {
    const notFound = categories.error instanceof ApiError && categories.error.status === 404;
    return (
      <>
        <h1>{notFound ? t('venue.notFound') : t('home.title')}</h1>
        <LoadError error={categories.error} backTo="/" />
      </>
    );
  }
  if (details.isPending || categories.isPending) return <PageSpinner />;

  const groups = categories.data.filter((item) => item.type === 'category');
  const activities = categories.data.filter((item) => item.type === 'activity');
  return (
    <>
      <h1 data-testid="selected-venue">{name || venue}</h1>
      {details.data ? (
        <p>
          {details.data.address}, {details.data.town} {details.data.postcode}
        </p>
      ) : null}
      {categories.data.length === 0 ? <p>{t('venue.none')}</p> : null}
      {groups.length > 0 ? (
        <section aria-labelledby={`${id}-categories`}>
          <h2 id={`${id}-categories`}>{t('venue.categories')}</h2>
          <CategoryCards venue={venue} items={groups} labelledBy={`${id}-categories`} />
        </section>
      ) : null}
      {activities.length > 0 ? (
        <section aria-labelledby={`${id}-activities`}>
          <h2 id={`${id}-activities`}>{t('venue.activities')}</h2>
          <CategoryCards venue={venue} items={activities} labelledBy={`${id}-activities`} />
        </section>
      ) : null}
    </>
  );
}
