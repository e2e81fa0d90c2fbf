import { useTranslation } from 'react-i18next';
import { BasketItems } from '../../../features/basket/components/basket-item';
import { BasketTotals } from '../../../features/basket/components/basket-totals';
import { BasketLoadError } from '../../../features/basket/components/basket-view';
import { CustomerPicker } from '../../../features/basket/components/customer-picker';
import { HoldCountdown } from '../../../features/basket/components/hold-countdown';
import { CheckoutForm } from '../../../features/checkout/components/checkout-form';
import { useCart } from '../../../shared/cart/cart-query';
import { usePageTitle } from '../../../shared/layout/page-title';
import { SiteLink } from '../../../shared/links/site-link';
import { useModes } from '../../../shared/modes/modes';
import { useSession } from '../../../shared/session/session';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import '../../../features/basket/basket.css';
import { Redirect } from '../../../shared/app/server-rendered';

/** `/basket/checkout` (kiosk flag kept): the basket summary, terms, waivers and payment. */
export function CheckoutPage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('checkout.title'));
  const { isLoggedIn, isLoading } = useSession();
  const { kiosk } = useModes();
  const cart = useCart();
  const { owner } = cart;

  let body: React.ReactNode;
  if (isLoading) body = <PageSpinner />;
  else if (!isLoggedIn) body = <Redirect to={kiosk ? '/basket?kiosk=true' : '/basket'} />;
  else if (owner.selectedUserId === null) body = <CustomerPicker />;
  else if (cart.isPending) body = <PageSpinner />;
  else if (cart.isError) body = <BasketLoadError onRetry={() => void cart.refetch()} />;
  else if (cart.data.items.length === 0) {
    body = (
      <>
        <CustomerPicker />
        <p>{t('basket.empty')}</p>
        <p>
          <SiteLink site="bookings" to="/basket" query={{ kiosk: kiosk || undefined }}>
            {t('checkout.backToBasket')}
          </SiteLink>
        </p>
      </>
    );
  } else {
    const data = cart.data;
    body = (
      <>
        <CustomerPicker />
        {data.holdExpiresAt ? (
          <HoldCountdown expiresAt={data.holdExpiresAt} onExpire={() => void cart.refetch()} />
        ) : null}
        <section aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">{t('checkout.summary')}</h2>
          <BasketItems items={data.items} />
          <BasketTotals cart={data} />
          <p>
            <SiteLink site="bookings" to="/basket" query={{ kiosk: kiosk || undefined }}>
              {t('checkout.editBasket')}
            </SiteLink>
          </p>
        </section>
        <CheckoutForm
          key={owner.selectedUserId}
          cart={data}
          owner={owner}
          holdCountdown={
            data.holdExpiresAt ? (
              <HoldCountdown expiresAt={data.holdExpiresAt} onExpire={() => void cart.refetch()} />
            ) : null
          }
        />
      </>
    );
  }

  return (
    <main id="main" className="page checkout-page" tabIndex={-1}>
      <h1>{t('checkout.title')}</h1>
      {body}
    </main>
  );
}
