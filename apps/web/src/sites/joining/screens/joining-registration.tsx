import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginModal } from '../../../features/auth/components/login-modal';
import type { RenderRegistration } from '../../../features/joining/components/your-details';
import { RegistrationForm } from '../../../features/registration/components/registration-form';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';

function LoginAction() {
  const { t } = useTranslation('flow');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('details.logIn')}
      </Button>
      <LoginModal open={open} onOpenChange={setOpen} />
    </>
  );
}

/** Your details for a visitor: the registration form, with a way to log in instead. */
export function JoiningRegistration({ onRegistered }: { onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('flow');
  return (
    <RegistrationForm
      source="online-joining"
      submitLabel={t('details.createAccount')}
      intro={
        <div className="joining-login">
          <p>{t('details.intro')}</p>
          <LoginAction />
        </div>
      }
      genericError={t('joining.genericError')}
      onSignedIn={onRegistered}
      onSignInFailed={() => notify.error(t('details.createdLogIn'))}
    />
  );
}

export const renderJoiningRegistration: RenderRegistration = (onRegistered) => (
  <JoiningRegistration onRegistered={onRegistered} />
);
