import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../shared/links/site-link';
import { Button } from '../../../shared/ui/button';

/**
 * After a successful add, or when the session is already in the basket (availability's
 * `cart_item_id`, after a reload): the way to the basket, or back to the list.
 */
export function BookingAdded({ onClose, inBasket = false }: { onClose: () => void; inBasket?: boolean }) {
  const { t } = useTranslation('bookings');
  return (
    <div className="booking-added notice" role="status">
      <p>{t(inBasket ? 'booking.inBasket' : 'booking.added')}</p>
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
