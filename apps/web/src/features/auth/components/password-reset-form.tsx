import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import {
  isConfirmationMessage,
  type NewPasswordValues,
  newPasswordSchema,
} from '../../../shared/forms/password-rules';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { isInvalidTokenError } from '../api/validate-reset-token';

/** The new password and its confirmation for a validated reset link (my-account.md 2.11). */
export function PasswordResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<NewPasswordValues>({
    defaultValues: { password: '', passwordConfirmation: '' },
    criteriaMode: 'all',
    resolver: zodResolver(newPasswordSchema(t('fields.required'))),
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, ...values });
      onDone();
    } catch (error) {
      if (isInvalidTokenError(error) && error instanceof ApiError && error.status === 403) {
        // The link was used or expired meanwhile.
        notify.error(error.message);
        navigate('/login', { replace: true });
      } else if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, (wireName, message) => {
          if (wireName === 'password')
            return isConfirmationMessage(message) ? 'passwordConfirmation' : 'password';
          if (wireName === 'password_confirmation') return 'passwordConfirmation';
          return undefined;
        });
        if (unplaced.length) notify.validation(unplaced);
      } else {
        notify.error(error instanceof ApiError ? error.message : t('common.genericError'));
      }
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form">
        <NewPasswordFields
          passwordLabel={t('reset.password')}
          confirmationLabel={t('reset.confirmPassword')}
        />
        <div className="form-actions">
          <Button type="submit" busy={form.formState.isSubmitting} busyText={t('common.processing')}>
            {t('reset.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
