import { useTranslation } from 'react-i18next';
import { SiteLink } from '../../../shared/links/site-link';
import { Modal } from '../../../shared/ui/modal';
import { LoginForm } from './login-form';

export interface LoginModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The login modal of the bookings and joining sites: the shared login form in a modal that closes
 * on success. Forgot password and registration live on the account site, so those links
 * cross sub-sites (and keep the embedded and kiosk flags).
 */
export function LoginModal({ open, onOpenChange }: LoginModalProps) {
  const { t } = useTranslation('account');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('login.title')} size="small">
      <LoginForm
        onSuccess={() => onOpenChange(false)}
        footer={
          <div className="form-links">
            <SiteLink site="account" to="/login" query={{ showForgotPassword: true }}>
              {t('login.forgotten')}
            </SiteLink>
            <SiteLink site="account" to="/register">
              {t('login.createAccount')}
            </SiteLink>
          </div>
        }
      />
    </Modal>
  );
}
