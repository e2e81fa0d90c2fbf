import type { ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import type { DataFieldSectionData } from '../../../shared/forms/api/get-data-fields';
import { useDataFields } from '../../../shared/forms/api/get-data-fields';
import { useTerms } from '../../../shared/forms/api/get-terms';
import { DataFieldSections } from '../../../shared/forms/data-field-form';
import {
  answersToSend,
  type DataFieldValues,
  fieldsOf,
  initialValues,
  validateDataFields,
} from '../../../shared/forms/data-field-values';
import { messagesOf } from '../../../shared/forms/field-errors';
import { FormLoadError } from '../../../shared/forms/form-status';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { checkNewPassword, isConfirmationMessage } from '../../../shared/forms/password-rules';
import { type PathErrors, resolverFrom } from '../../../shared/forms/resolver';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { TermsCheckbox } from '../../../shared/forms/terms';
import { useClient } from '../../../shared/operator/use-client';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import { useRegisterMember } from '../api/register-member';
import { useSavePurchaseDetails } from '../api/save-purchase-details';

interface DetailsValues {
  answers: DataFieldValues;
  password: string;
  passwordConfirmation: string;
  terms: boolean;
}

type DetailsPath = 'password' | 'passwordConfirmation' | 'terms' | `answers.${string}`;

export interface YourDetailsProps {
  /** Called once the account exists and the user is signed in (201), or the saved data is in (200). */
  onContinue: () => void | Promise<void>;
  /** The login action for visitors who already have an account (the site passes the login modal). */
  loginAction?: ReactNode;
}

function emailOf(sections: DataFieldSectionData[], answers: Record<string, unknown>): string | undefined {
  const field =
    fieldsOf(sections).find((candidate) => candidate.htmlAttributes.type === 'email') ??
    fieldsOf(sections).find((candidate) => candidate.name === 'email');
  const value = field ? answers[field.name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Your details (joining-and-payments.md 2): visitors register with the operator's data fields
 * (customer_account_online), a password and the terms, and a 201 signs them in; signed-in users
 * see the membership_purchase fields with the notice, save what is still required and continue.
 */
export function YourDetails({ onContinue, loginAction }: YourDetailsProps) {
  const { user, isLoggedIn } = useSession();
  const fields = useDataFields(
    isLoggedIn ? 'membership_purchase' : 'customer_account_online',
    user?.id ?? null,
  );
  if (fields.isPending) return <PageSpinner />;
  if (fields.isError) return <FormLoadError onRetry={() => void fields.refetch()} />;
  return (
    <DetailsForm
      key={isLoggedIn ? 'member' : 'visitor'}
      sections={fields.data.sections}
      checksum={fields.data.checksum}
      isLoggedIn={isLoggedIn}
      onContinue={onContinue}
      loginAction={loginAction}
    />
  );
}

interface DetailsFormProps extends YourDetailsProps {
  sections: DataFieldSectionData[];
  checksum: string;
  isLoggedIn: boolean;
}

function DetailsForm({ sections, checksum, isLoggedIn, onContinue, loginAction }: DetailsFormProps) {
  const { t } = useTranslation('flow');
  const { t: ta } = useTranslation('account');
  const { login } = useSession();
  const { data: client } = useClient();
  const terms = useTerms();
  const registration = useRegisterMember();
  const saveDetails = useSavePurchaseDetails();
  const termsExist = isLoggedIn ? false : terms.data ? terms.data.length > 0 : true;
  const editable = fieldsOf(sections).some((field) => field.isAuthorised);

  const form = useForm<DetailsValues>({
    defaultValues: { answers: initialValues(sections), password: '', passwordConfirmation: '', terms: false },
    criteriaMode: 'all',
    resolver: resolverFrom<DetailsValues>((values) => {
      const errors: PathErrors = {};
      for (const [name, messages] of Object.entries(validateDataFields(sections, values.answers))) {
        errors[`answers.${name}`] = messages;
      }
      if (!isLoggedIn) {
        const password = checkNewPassword(
          values.password,
          values.passwordConfirmation,
          ta('fields.required'),
        );
        if (password.password) errors.password = password.password;
        if (password.confirmation) errors.passwordConfirmation = password.confirmation;
        if (termsExist && !values.terms) errors.terms = [ta('terms.required')];
      }
      return errors;
    }),
  });
  const fieldNames = new Set(fieldsOf(sections).map((field) => field.name));

  function pathOf(wireName: string, message: string): DetailsPath | undefined {
    if (wireName === 'password') return isConfirmationMessage(message) ? 'passwordConfirmation' : 'password';
    if (wireName === 'password_confirmation') return 'passwordConfirmation';
    if (wireName === 'terms') return 'terms';
    if (fieldNames.has(wireName)) return `answers.${wireName}`;
    return undefined;
  }

  function showError(error: unknown) {
    if (error instanceof ApiError && error.status === 422) {
      const unplaced = showServerErrors(error, form.setError, pathOf);
      if (unplaced.length) notify.validation(unplaced);
    } else {
      notify.error(error instanceof ApiError ? error.message : t('joining.genericError'));
    }
  }

  const submit = form.handleSubmit(async (values) => {
    const answers = answersToSend(sections, values.answers);
    if (isLoggedIn) {
      if (editable) {
        try {
          await saveDetails.mutateAsync(answers);
        } catch (error) {
          showError(error);
          return;
        }
      }
      await onContinue();
      return;
    }
    try {
      await registration.mutateAsync({
        answers,
        clientId: client?.id ?? 0,
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        terms: values.terms ? (terms.data ?? []).map((term) => term.id) : [],
        checksum,
      });
    } catch (error) {
      showError(error);
      return;
    }
    const email = emailOf(sections, answers);
    try {
      if (!email) throw new Error('no email field');
      await login(email, values.password);
    } catch {
      notify.error(t('details.createdLogIn'));
      return;
    }
    await onContinue();
  });

  const busy = form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form joining-details">
        {isLoggedIn ? (
          <p className="notice" role="note">
            {t('details.notEditable')}
          </p>
        ) : (
          <div className="joining-login">
            <p>{t('details.intro')}</p>
            {loginAction}
          </div>
        )}
        <p className="form-intro">{ta('fields.requiredNote')}</p>
        <DataFieldSections sections={sections} />
        {isLoggedIn ? null : (
          <>
            <fieldset className="form-section">
              <legend className="form-section-title">{ta('register.passwordSection')}</legend>
              <NewPasswordFields
                passwordLabel={ta('register.password')}
                confirmationLabel={ta('register.confirmPassword')}
              />
            </fieldset>
            <Controller
              control={form.control}
              name="terms"
              render={({ field }) => (
                <TermsCheckbox
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  errors={messagesOf(form.formState.errors.terms)}
                />
              )}
            />
          </>
        )}
        <div className="form-actions">
          <Button type="submit" busy={busy} busyText={ta('common.processing')}>
            {isLoggedIn ? t('joining.continue') : t('details.createAccount')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
