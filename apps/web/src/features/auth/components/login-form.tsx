import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';

export interface LoginFormProps {
  /** Called after the session is in (navigate, close a modal). */
  onSuccess: () => void;
  /** Extra actions under the submit button (forgot password, create an account). */
  footer?: ReactNode;
}

/** The login form shared by the /login page and the bookings-site login modal. */
export function LoginForm({ onSuccess, footer }: LoginFormProps) {
  const { t } = useTranslation('account');
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await login(username.trim(), password);
      setBusy(false);
      onSuccess();
    } catch (error) {
      setBusy(false);
      notify.error(error instanceof ApiError ? error.message : t('login.signedOut'));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form login-form">
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        required
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <div className="form-actions">
        <Button type="submit" busy={busy} busyText={t('common.processing')}>
          {t('login.submit')}
        </Button>
      </div>
      {footer}
    </form>
  );
}
