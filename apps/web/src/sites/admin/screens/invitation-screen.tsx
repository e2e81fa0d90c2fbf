import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { acceptInvitation } from '../../../features/admin-session/api';
import { ApiError } from '../../../shared/api/client';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import {
  isConfirmationMessage,
  type NewPasswordValues,
  newPasswordSchema,
} from '../../../shared/forms/password-rules';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { useConsoleTitle } from '../kit/page-header';

const schema = newPasswordSchema('Required');

/**
 * The invitation's link (`/admin/invitation/:token`): the invited staff user sets their password
 * (the customer site's password rules), then signs in, which enrols their authenticator.
 */
export function InvitationScreen() {
  useConsoleTitle('Set your password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [alert, setAlert] = useState<string | undefined>();
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', passwordConfirmation: '' },
    criteriaMode: 'all',
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(undefined);
    try {
      await acceptInvitation(token, values.password);
      void navigate('/sign-in?invited=1', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, (wireName, message) =>
          wireName === 'password'
            ? isConfirmationMessage(message)
              ? 'passwordConfirmation'
              : 'password'
            : wireName === 'password_confirmation'
              ? 'passwordConfirmation'
              : undefined,
        );
        setAlert(unplaced.length ? unplaced.join(' ') : undefined);
      } else {
        setAlert(error instanceof ApiError ? error.message : 'Something has gone wrong, please try again.');
      }
    }
  });

  return (
    <main id="main" className="admin-standalone">
      <h1>Set your password</h1>
      <p>
        You have been invited to the console. Choose a password; you will then sign in and set up two-step
        verification.
      </p>
      {alert ? (
        <p role="alert" className="form-error">
          {alert}
        </p>
      ) : null}
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate>
          <NewPasswordFields passwordLabel="New password" confirmationLabel="Confirm new password" />
          <Button type="submit" busy={form.formState.isSubmitting} busyText="Saving…">
            Set password
          </Button>
        </form>
      </FormProvider>
    </main>
  );
}
