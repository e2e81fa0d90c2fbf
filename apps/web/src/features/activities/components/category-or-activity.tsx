import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/layout/page-title';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useBookableDates } from '../api/get-bookable-dates';
import { useCategory } from '../api/get-category';
import { byTimeHref, venueHref } from '../lib/links';
import { DateStrip } from './date-strip';
import { LoadError } from './load-error';
import { CategoryCards } from './venue-activities';
import '../activities.css';

function ActivityDates({ venue, activity }: { venue: string; activity: string }) {
  const { t } = useTranslation('bookings');
  const dates = useBookableDates(venue, activity);
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('dates.heading')}</h2>
      {dates.isPending ? (
        <PageSpinner />
      ) : dates.isError ? (
        <LoadError error={dates.error} />
      ) : dates.data.length === 0 ? (
        <p>{t('dates.none')}</p>
      ) : (
        <DateStrip dates={dates.data} labelledBy={id} hrefFor={(date) => byTimeHref(venue, activity, date)} />
      )}
    </section>
  );
}

/** `/location/{venue}/{slug}`: a category's children as cards, or an activity's date picker. */
export function CategoryOrActivity({ venue, slug }: { venue: string; slug: string }) {
  const { t } = useTranslation('bookings');
  const category = useCategory(venue, slug);
  const id = useId();
  usePageTitle(category.data?.name ?? t('home.title'));

  if (category.isPending) return <PageSpinner />;
  if (category.isError) {
    const notFound = category.error instanceof ApiError && category.error.status === 404;
    return (
      <>
        <h1>{notFound ? t('category.notFound') : t('home.title')}</h1>
        <LoadError error={category.error} backTo={venueHref(venue)} backText={t('category.choose')} />
      </>
    );
  }
  const detail = category.data;
  return (
    <>
      <h1>{detail.name}</h1>
      {detail.type === 'activity' ? (
        <ActivityDates venue={venue} activity={detail.slug} />
      ) : (
        <section aria-labelledby={id}>
          <h2 id={id}>{t('category.choose')}</h2>
          {detail.children.length === 0 ? (
            <p>{t('category.empty')}</p>
          ) : (
            <CategoryCards venue={venue} items={detail.children} labelledBy={id} />
          )}
        </section>
      )}
    </>
  );
}
