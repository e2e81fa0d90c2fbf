import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isOrderId, useOrder } from '../../../features/checkout/api/get-order';
import { OrderConfirmation } from '../../../features/checkout/components/order-confirmation';
import { ApiError } from '../../../shared/api/client';
import { NotFoundPage } from '../../../shared/layout/error-pages';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import { LoginModal } from '../../../shared/session/login-modal-slot';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import '../../../features/basket/basket.css';

/**
 * An order belongs to an account: the order email's "View my booking" link may open this page
 * signed out, so it asks for a login (the site's login modal) and then shows the order, rather
 * than making a call that can only answer 401.
 */
function LogInToSeeOrder() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('confirmed.logInTitle'));
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <main id="main" className="page confirmed-page" tabIndex={-1}>
      <h1>{t('confirmed.logInTitle')}</h1>
      <p>{t('confirmed.logInText')}</p>
      <Button onClick={() => setLoginOpen(true)}>{t('confirmed.logIn')}</Button>
      <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
    </main>
  );
}

function ConfirmedOrder({ orderId }: { orderId: number }) {
  const { t } = useTranslation('bookings');
  const order = useOrder(orderId);
  // Someone else's order answers 404, as does one that does not exist: neither was a checkout of theirs.
  const notFound = order.error instanceof ApiError && order.error.status === 404;
  // The not-found page's own title: this one, set around it, would otherwise stay.
  usePageTitle(notFound ? t('common:errors.notFound.title', 'Page not found') : t('confirmed.title'));
  if (notFound) return <NotFoundPage />;
  return (
    <main id="main" className="page confirmed-page" tabIndex={-1}>
      {order.isPending ? (
        <PageSpinner />
      ) : order.isError ? (
        <p role="alert" className="form-error">
          {order.error.message}
        </p>
      ) : (
        <>
          <h1>{t('confirmed.title')}</h1>
          <OrderConfirmation order={order.data} />
          <p>
            <SiteLink site="bookings" to="/redirect-to-selected-venue">
              {t('confirmed.bookAnother')}
            </SiteLink>
          </p>
        </>
      )}
    </main>
  );
}

/** `/booking-confirmed/{orderId}`: 'Checkout successful', the reference, the items, add to calendar. */
export function BookingConfirmedPage() {
  const { isLoggedIn, isLoading } = useSession();
  const orderId = Number(useParams().orderId);
  if (!isOrderId(orderId)) return <NotFoundPage />;
  if (isLoading) {
    return (
      <main id="main" className="page confirmed-page" tabIndex={-1}>
        <PageSpinner />
      </main>
    );
  }
  return isLoggedIn ? <ConfirmedOrder orderId={orderId} /> : <LogInToSeeOrder />;
}
