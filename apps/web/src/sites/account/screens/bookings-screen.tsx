import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { BookingsList } from '../../../features/bookings/components/bookings-list';
import { WaitlistList } from '../../../features/bookings/components/waitlist-list';
import { usePageTitle } from '../../../shared/layout/page-title';
import '../../../features/bookings/bookings.css';
import { Redirect } from '../../../shared/app/server-rendered';

const filters = ['upcoming', 'historic', 'waitlist'] as const;
type Filter = (typeof filters)[number];

function isFilter(value: string): value is Filter {
  return (filters as readonly string[]).includes(value);
}

/** `/bookings/{filter}`: upcoming, previous (historic) and waitlist (my-account.md 2.3). */
export function BookingsScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('bookingsArea.title'));
  const { filter } = useParams();
  if (filter === undefined) return <Redirect to="/bookings/upcoming" />;
  return (
    <main id="main" className="page">
      <h1>{t('bookingsArea.title')}</h1>
      <nav className="booking-tabs" aria-label={t('bookingsArea.filters')}>
        <ul>
          {filters.map((name) => (
            <li key={name}>
              <NavLink className="booking-tab" to={`/bookings/${name}`}>
                {t(`bookingsArea.tabs.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {!isFilter(filter) ? (
        <p role="alert">{t('bookingsArea.filterNotFound')}</p>
      ) : filter === 'waitlist' ? (
        <WaitlistList />
      ) : (
        <BookingsList key={filter} filter={filter === 'upcoming' ? 'future' : 'past'} />
      )}
    </main>
  );
}
