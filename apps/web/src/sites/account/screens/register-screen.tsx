import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RegistrationForm } from '../../../features/registration/components/registration-form';
import { scrollToTop } from '../../../shared/forms/scroll';
import { usePageTitle } from '../../../shared/layout/page-title';

/** /register: a 201 signs the customer in and opens the dashboard. */
export function RegisterScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [createdWithoutLogin, setCreatedWithoutLogin] = useState(false);

  return (
    <main id="main" className="page page-form">
      <h1>{t('register.title')}</h1>
      {createdWithoutLogin ? (
        <section className="form-success" aria-labelledby="register-done">
          <h2 id="register-done">{t('register.created')}</h2>
          <p>
            <Link to="/login">{t('register.logInNow')}</Link>
          </p>
        </section>
      ) : (
        <RegistrationForm
          source="my-account"
          submitLabel={t('register.submit')}
          submitNeedsTerms
          genericError={t('common.genericError')}
          scrollOnFailure
          footer={
            <p>
              {t('register.haveAccount')} <Link to="/login">{t('login.title')}</Link>
            </p>
          }
          onSignedIn={() => navigate('/', { replace: true })}
          onSignInFailed={() => {
            setCreatedWithoutLogin(true);
            scrollToTop();
          }}
        />
      )}
    </main>
  );
}
