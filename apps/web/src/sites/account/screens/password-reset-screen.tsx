import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isInvalidTokenError, useValidateResetToken } from '../../../features/auth/api/validate-reset-token';
import { PasswordResetForm } from '../../../features/auth/components/password-reset-form';
import { Redirect } from '../../../shared/app/server-rendered';
import { FormLoadError, FormLoading } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';

/** /password-reset/:token: the link is checked on load; an invalid one goes to /login. */
export function PasswordResetScreen() {
  const { t } = useTranslation('account');
  const { token = '' } = useParams();
  const [done, setDone] = useState(false);
  const validation = useValidateResetToken(token);
  usePageTitle(done ? t('reset.doneTitle') : t('reset.title'));

  if (done) {
    return (
      <main id="main" className="page page-narrow">
        <h1>{t('reset.doneTitle')}</h1>
        <p>{t('reset.doneText')}</p>
        <p>
          <Link to="/login" className="btn btn-primary">
            {t('login.submit')}
          </Link>
        </p>
      </main>
    );
  }

  if (validation.isError && isInvalidTokenError(validation.error)) return <Redirect to="/login" />;

  return (
    <main id="main" className="page page-narrow">
      <h1>{t('reset.title')}</h1>
      {validation.isPending ? <FormLoading /> : null}
      {validation.isError ? <FormLoadError onRetry={() => void validation.refetch()} /> : null}
      {validation.isSuccess ? <PasswordResetForm token={token} onDone={() => setDone(true)} /> : null}
    </main>
  );
}
