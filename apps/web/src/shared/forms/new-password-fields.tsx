import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/text-field';
import { messagesOf } from './field-errors';
import type { NewPasswordValues } from './password-rules';

/**
 * A new password and its confirmation, for any form (in a react-hook-form FormProvider) whose
 * values have `password` and `passwordConfirmation`: registration and the password reset.
 */
export function NewPasswordFields({
  passwordLabel,
  confirmationLabel,
}: {
  passwordLabel: string;
  confirmationLabel: string;
}) {
  const { t } = useTranslation('account');
  const { register, formState } = useFormContext<NewPasswordValues>();
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        hint={t('fields.passwordHint')}
        errors={messagesOf(formState.errors.password)}
        {...register('password')}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        required
        errors={messagesOf(formState.errors.passwordConfirmation)}
        {...register('passwordConfirmation')}
      />
    </>
  );
}
