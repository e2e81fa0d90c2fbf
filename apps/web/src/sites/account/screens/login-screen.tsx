import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { usePageTitle } from '../../../shared/layout/page-title';
import { Button } from '../../../shared/ui/button';

/**
 * The forgotten-password modal (its form, schema and the dialog library) is its own chunk, loaded when
 * it first opens, so the login page's first paint does not wait for it (issue 16, phones).
 */
const ForgotPasswordModal = lazyWithTimeout(
  () => import('../../../features/auth/components/forgot-password-modal'),
  'ForgotPasswordModal',
);

/** Only same-site paths: an open redirect would let a link send users anywhere. */
export function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/**
 * `?showForgotPassword` opens the forgotten-password modal with or without a value (links from the
 * original platform send it bare, as `=1` or as `=true`); only an explicit false keeps it shut.
 */
export function asksForForgotPassword(params: URLSearchParams): boolean {
  const value = params.get('showForgotPassword');
  return value !== null && !['false', '0'].includes(value.toLowerCase());
}

export function LoginScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(() => asksForForgotPassword(params));
  // Once opened, the modal stays mounted so that closing it runs the dialog's own close (focus return).
  const [forgotWanted, setForgotWanted] = useState(forgotOpen);

  function changeForgot(open: boolean) {
    setForgotOpen(open);
    if (open) setForgotWanted(true);
    if (!open && params.has('showForgotPassword')) {
      const next = new URLSearchParams(params);
      next.delete('showForgotPassword');
      setParams(next, { replace: true });
    }
  }

  return (
    <main id="main" className="page page-narrow">
      <h1>{t('login.title')}</h1>
      <LoginForm
        onSuccess={() => navigate(safeRedirect(params.get('redirect')), { replace: true })}
        footer={
          <div className="form-links">
            <Button variant="link" onClick={() => changeForgot(true)}>
              {t('login.forgotten')}
            </Button>
            <p>
              {t('login.noAccount')} <Link to="/register">{t('login.createAccount')}</Link>
            </p>
          </div>
        }
      />
      {forgotWanted ? (
        <Suspense fallback={null}>
          <ForgotPasswordModal open={forgotOpen} onOpenChange={changeForgot} />
        </Suspense>
      ) : null}
    </main>
  );
}
