import { type MouseEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { useSelectedVenue } from '../../../shared/venue/selected-venue';
import { useVenues, type Venue } from '../api/get-venues';
import { filterVenues, minSearchLength } from '../lib/filter-venues';
import { venueHref } from '../lib/links';
import '../activities.css';

/**
 * Find a venue (bookings-api.md "Pages" `/`): a search box that filters from 3 characters (every
 * venue before that) and a card per venue with its address and 'Select'. Selecting stores the venue
 * in the shared cookie and opens its page.
 */
export function VenueFinder() {
  const { t } = useTranslation('bookings');
  const venues = useVenues();
  const [search, setSearch] = useState('');
  const [selected, selectVenue] = useSelectedVenue();
  const navigate = useNavigate();
  const inputId = useId();
  const shown = useMemo(() => filterVenues(venues.data ?? [], search), [venues.data, search]);

  function select(event: MouseEvent<HTMLAnchorElement>, venue: Venue) {
    selectVenue(venue.slug);
    // A plain click stays in the app; other clicks (new tab) keep the browser's behaviour.
    if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      navigate(venueHref(venue.slug));
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t('venues.heading')}</h2>
      <search className="search-box field">
        {/* The original's hook is on an element around the input (`[data-testid="search-venue"] input`);
            a label holding it also lets `getByTestId('search-venue').fill()` reach the input. */}
        <label htmlFor={inputId} className="field" data-testid="search-venue">
          <span className="field-label">{t('venues.searchLabel')}</span>
          <input
            id={inputId}
            type="search"
            value={search}
            autoComplete="off"
            aria-describedby={`${inputId}-hint ${inputId}-count`}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <p id={`${inputId}-hint`} className="field-hint">
          {t('venues.searchHint', { count: minSearchLength })}
        </p>
      </search>
      {venues.isPending ? (
        <PageSpinner />
      ) : venues.isError ? (
        <p role="alert" className="notice">
          {t('venues.loadFailed')}
        </p>
      ) : (
        <>
          <p id={`${inputId}-count`} className="result-count" role="status">
            {shown.length === 0 ? t('venues.noMatch') : t('venues.count', { count: shown.length })}
          </p>
          <ul className="card-grid" aria-label={t('venues.listLabel')} data-testid="venue-list">
            {shown.map((venue) => (
              <li
                key={venue.slug}
                className={venue.slug === selected ? 'card card-venue card-selected' : 'card card-venue'}
                data-testid="venue-card"
              >
                <h3 data-testid="venue-name">{venue.name}</h3>
                {venue.slug === selected ? <p className="card-tag">{t('venues.selected')}</p> : null}
                <address data-testid="venue-address">
                  {venue.address}
                  {/* The space is not seen (it starts a line) but keeps the text readable to scripts. */}
                  <br /> {venue.town} {venue.postcode}
                </address>
                <div className="card-actions">
                  <Link
                    to={venueHref(venue.slug)}
                    className="btn btn-primary"
                    onClick={(event) => select(event, venue)}
                  >
                    {t('venues.select')} <span className="visually-hidden">{venue.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
