import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../shared/links/site-link';

/** Where a member's bookings are listed, and cancelled (my-account.md 2.3). */
export const myBookingsPath = '/bookings/upcoming';

/**
 * The member's own paid booking of the session shown (availability's `booking`): said instead of
 * offering 'Book now' again, with the way to view or cancel it in My account.
 */
export function BookedNotice() {
  const { t } = useTranslation('bookings');
  return (
    <div className="notice booking-own" role="status">
      <p>{t('booking.youAreBooked')}</p>
      <SiteLink site="account" to={myBookingsPath}>
        {t('booking.manageBooking')}
      </SiteLink>
    </div>
  );
}
