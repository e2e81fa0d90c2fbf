import { zodResolver } from '@hookform/resolvers/zod';
import { passwordMessages, passwordProblems } from '@leisure/contract/password-rules';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import type { DataFieldSectionData } from '../../../shared/forms/api/get-data-fields';
import { DataFieldSections } from '../../../shared/forms/data-field-form';
import {
  answersToSend,
  type DataFieldValues,
  dataFieldAnswersSchema,
  fieldsOf,
  initialValues,
} from '../../../shared/forms/data-field-values';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { isConfirmationMessage } from '../../../shared/forms/password-rules';
import { scrollToTop } from '../../../shared/forms/scroll';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import { useUpdateUserDetails } from '../api/update-user-details';

interface DetailsValues {
  answers: DataFieldValues;
  currentPassword: string;
  password: string;
  repeatNewPassword: string;
}

type DetailsPath = 'currentPassword' | 'password' | 'repeatNewPassword' | `answers.${string}`;

const noPasswordChange = { currentPassword: '', password: '', repeatNewPassword: '' };

/** My details (my-account.md 2.9): the data-field form with the user's answers, and a password change. */
export function DetailsForm({ sections }: { sections: DataFieldSectionData[] }) {
  const { t } = useTranslation('account');
  const { refresh } = useSession();
  const update = useUpdateUserDetails();
  const fieldNames = new Set(fieldsOf(sections).map((field) => field.name));
  const editable = fieldsOf(sections).some((field) => field.isAuthorised);

  const form = useForm<DetailsValues>({
    defaultValues: { answers: initialValues(sections), ...noPasswordChange },
    criteriaMode: 'all',
    resolver: zodResolver(
      z
        .object({
          answers: dataFieldAnswersSchema(sections),
          currentPassword: z.string(),
          password: z.string(),
          repeatNewPassword: z.string(),
        })
        .superRefine((values, ctx) => {
          // The password section is optional; once a new password is typed, all of it is needed. The
          // current password alone goes with a new email address, which needs it (the server says so).
          if (!values.password && !values.repeatNewPassword) return;
          if (!values.currentPassword) addIssues(ctx, ['currentPassword'], [t('fields.required')]);
          addIssues(
            ctx,
            ['password'],
            values.password ? passwordProblems(values.password) : [t('fields.required')],
          );
          if (values.repeatNewPassword !== values.password) {
            addIssues(ctx, ['repeatNewPassword'], [passwordMessages.confirmation]);
          }
        }),
    ),
  });

  function pathOf(wireName: string, message: string): DetailsPath | undefined {
    if (wireName === 'current_password') return 'currentPassword';
    if (wireName === 'password') return isConfirmationMessage(message) ? 'repeatNewPassword' : 'password';
    if (wireName === 'repeat_new_password' || wireName === 'password_confirmation')
      return 'repeatNewPassword';
    if (fieldNames.has(wireName)) return `answers.${wireName}`;
    return undefined;
  }

  const submit = form.handleSubmit(async (values) => {
    const passwordChange = values.password
      ? {
          currentPassword: values.currentPassword,
          password: values.password,
          repeatNewPassword: values.repeatNewPassword,
        }
      : undefined;
    try {
      await update.mutateAsync({
        answers: answersToSend(sections, values.answers),
        ...(passwordChange
          ? { passwordChange }
          : values.currentPassword
            ? { currentPassword: values.currentPassword }
            : {}),
      });
      notify.success(t('details.updated'));
      form.reset({ ...values, ...noPasswordChange });
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, pathOf);
        if (unplaced.length) notify.validation(unplaced);
      } else {
        notify.error(error instanceof ApiError ? error.message : t('common.genericError'));
        scrollToTop();
      }
    }
  });

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form details-form">
        {editable ? (
          <p className="form-intro">{t('fields.requiredNote')}</p>
        ) : (
          <p role="note" className="notice">
            {t('details.notEditable')}
          </p>
        )}
        <DataFieldSections sections={sections} />
        <fieldset className="form-section">
          <legend className="form-section-title">{t('details.passwordSection')}</legend>
          <p className="field-hint">{t('details.passwordIntro')}</p>
          <TextField
            label={t('details.currentPassword')}
            type="password"
            autoComplete="current-password"
            errors={messagesOf(errors.currentPassword)}
            {...form.register('currentPassword')}
          />
          <TextField
            label={t('details.newPassword')}
            type="password"
            autoComplete="new-password"
            hint={t('fields.passwordHint')}
            errors={messagesOf(errors.password)}
            {...form.register('password')}
          />
          <TextField
            label={t('details.repeatNewPassword')}
            type="password"
            autoComplete="new-password"
            errors={messagesOf(errors.repeatNewPassword)}
            {...form.register('repeatNewPassword')}
          />
        </fieldset>
        <div className="form-actions">
          <Button
            type="submit"
            busy={form.formState.isSubmitting || update.isPending}
            busyText={t('common.processing')}
          >
            {t('details.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
