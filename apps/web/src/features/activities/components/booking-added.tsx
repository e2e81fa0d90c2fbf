import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../shared/links/site-link';
import { Button } from '../../../shared/ui/button';

/** After a successful add: the way to the basket, or back to the list. */
export function BookingAdded({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('bookings');
  return (
    <div className="booking-added notice" role="status">
      <p>{t('booking.added')}</p>
      <div className="modal-actions">
        <SiteLink site="bookings" to="/basket" className="btn btn-primary">
          {t('booking.viewBasket')}
        </SiteLink>
        <Button variant="secondary" onClick={onClose}>
          {t('booking.continue')}
        </Button>
      </div>
    </div>
  );
}
