import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderConfirmation } from '../../../features/checkout/components/order-confirmation';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import '../../../features/basket/basket.css';

/** `/booking-confirmed/{orderId}`: 'Checkout successful', the reference, the items, add to calendar. */
export function BookingConfirmedPage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('confirmed.title'));
  const { orderId } = useParams();
  return (
    <main id="main" className="page confirmed-page" tabIndex={-1}>
      <h1>{t('confirmed.title')}</h1>
      <OrderConfirmation orderId={Number(orderId)} />
      <p>
        <SiteLink site="bookings" to="/redirect-to-selected-venue">
          {t('confirmed.bookAnother')}
        </SiteLink>
      </p>
    </main>
  );
}
