import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
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
  // No client-side schema: both fields are only required by the server, whose answer says what is
  // wrong (and leaving zod out keeps it off the login page's first load; issue 16).
  const form = useForm({ defaultValues: { username: '', password: '' } });

  const submit = form.handleSubmit(async ({ username, password }) => {
    try {
      await login(username.trim(), password);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        // Field errors from the server appear in red under their inputs (shell-session-basket.md 8).
        const unplaced = showServerErrors(error, form.setError, (wireName) =>
          wireName === 'username' || wireName === 'password' ? wireName : undefined,
        );
        if (unplaced.length) notify.validation(unplaced);
        return;
      }
      // Bad credentials (401) and too many attempts (429) say so in the server's words.
      notify.error(error instanceof ApiError ? error.message : t('login.signedOut'));
      return;
    }
    onSuccess();
  });

  return (
    <form onSubmit={submit} noValidate className="form login-form">
      <TextField
        label={t('login.username')}
        autoComplete="username"
        required
        errors={messagesOf(form.formState.errors.username)}
        {...form.register('username')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        errors={messagesOf(form.formState.errors.password)}
        {...form.register('password')}
      />
      <div className="form-actions">
        <Button
          type="submit"
          data-testid="log-in"
          busy={form.formState.isSubmitting}
          busyText={t('common.processing')}
        >
          {t('login.submit')}
        </Button>
      </div>
      {footer}
    </form>
  );
}
