import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BasketView } from '../../../features/basket/components/basket-view';
import { CustomerPicker } from '../../../features/basket/components/customer-picker';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { useCartOwner } from '../../../shared/cart/cart-owner';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import '../../../features/basket/basket.css';

const LoginModal = lazyWithTimeout(
  () => import('../../../features/auth/components/login-modal'),
  'LoginModal',
);

/** `/basket` (shell-session-basket.md 4): the basket, or a log-in prompt for anonymous visitors. */
export function BasketPage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('basket.title'));
  const { isLoggedIn, isLoading } = useSession();
  const owner = useCartOwner();
  const [loginOpen, setLoginOpen] = useState(false);

  let body: React.ReactNode;
  if (isLoading) body = <PageSpinner />;
  else if (!isLoggedIn) {
    body = (
      <>
        <p>{t('basket.anonymous')}</p>
        <Button onClick={() => setLoginOpen(true)}>{t('basket.logIn')}</Button>
        {loginOpen ? (
          <Suspense fallback={null}>
            <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
          </Suspense>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <CustomerPicker />
        {owner.selectedUserId === null ? null : <BasketView key={owner.selectedUserId} />}
      </>
    );
  }

  return (
    <main id="main" className="page basket-page" tabIndex={-1}>
      <h1>{t('basket.title')}</h1>
      {body}
    </main>
  );
}
