import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isInvalidTokenError } from '../../../features/auth/api/validate-reset-token';
import { useVerifyEmail } from '../../../features/auth/api/verify-email';
import { FormLoadError, FormLoading } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';

/**
 * /verify-email/:token: the link in the welcome email. Sends the token once on load (the link works
 * once, so a second render must not spend it again), signed in or not.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const verification = useVerifyEmail();
  const sent = useRef(false);
  usePageTitle(t('verifyEmail.title'));

  const { mutate } = verification;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mutate, token]);

  return (
    <main id="main" className="page page-narrow">
      <h1>{t('verifyEmail.title')}</h1>
      {verification.isSuccess ? (
        <>
          <p>{t('verifyEmail.done')}</p>
          <p>
            <Link to="/" className="btn btn-primary">
              {t('verifyEmail.toAccount')}
            </Link>
          </p>
        </>
      ) : verification.isError && isInvalidTokenError(verification.error) ? (
        <p>{t('verifyEmail.invalid')}</p>
      ) : verification.isError ? (
        <FormLoadError onRetry={() => mutate(token)} />
      ) : (
        <FormLoading />
      )}
    </main>
  );
}
