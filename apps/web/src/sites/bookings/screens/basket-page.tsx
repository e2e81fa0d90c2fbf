import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';

const LoginModal = lazyWithTimeout(
  () => import('../../../features/auth/components/login-modal'),
  'LoginModal',
);

/**
 * The basket (shell-session-basket.md 4). There is no cart API yet, so every basket is empty:
 * anonymous visitors are asked to log in, signed-in customers are told it is empty.
 */
export function BasketPage() {
  const { t } = useTranslation('bookings');
  usePageTitle(t('basket.title'));
  const { isLoggedIn, isLoading } = useSession();
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <main id="main" className="page" tabIndex={-1}>
      <h1>{t('basket.title')}</h1>
      {isLoading ? null : isLoggedIn ? (
        <p>{t('basket.empty')}</p>
      ) : (
        <>
          <p>{t('basket.anonymous')}</p>
          <Button onClick={() => setLoginOpen(true)}>{t('basket.logIn')}</Button>
          {loginOpen ? (
            <Suspense fallback={null}>
              <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
            </Suspense>
          ) : null}
        </>
      )}
    </main>
  );
}
