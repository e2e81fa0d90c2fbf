import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { type DataFieldSectionData, useDataFields } from '../../../shared/forms/api/get-data-fields';
import { useTerms } from '../../../shared/forms/api/get-terms';
import { DataFieldSections } from '../../../shared/forms/data-field-form';
import {
  answersToSend,
  type DataFieldValues,
  dataFieldAnswersSchema,
  fieldsOf,
  initialValues,
} from '../../../shared/forms/data-field-values';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { FormLoadError, FormLoading } from '../../../shared/forms/form-status';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { addNewPasswordIssues, isConfirmationMessage } from '../../../shared/forms/password-rules';
import { scrollToTop } from '../../../shared/forms/scroll';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { TermsCheckbox } from '../../../shared/forms/terms';
import { useClient } from '../../../shared/operator/use-client';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { type RegistrationSource, useRegisterCustomer } from '../api/register-customer';

interface RegistrationValues {
  answers: DataFieldValues;
  password: string;
  passwordConfirmation: string;
  terms: boolean;
}

type RegistrationPath = 'password' | 'passwordConfirmation' | 'terms' | `answers.${string}`;

export interface RegistrationFormProps {
  /** Told to the server: which site the customer registered on. */
  source: RegistrationSource;
  submitLabel: string;
  /** Above the fields (the joining flow's intro and its login action). */
  intro?: ReactNode;
  /** Under the submit button (my account's 'Have an account? Log in'). */
  footer?: ReactNode;
  /** My account keeps submit disabled until the terms are agreed; joining says so on submit. */
  submitNeedsTerms?: boolean;
  /** The toast for a failure the server did not explain. */
  genericError: string;
  /** My account's forms go back to the top after a failure they cannot place under a field. */
  scrollOnFailure?: boolean;
  /** The account exists and the customer is signed in. */
  onSignedIn: () => void | Promise<void>;
  /** The account exists but signing in failed. */
  onSignInFailed: () => void;
}

/**
 * Registration (my-account.md 2.9, 4, 5; joining-and-payments.md 2): the operator's data fields
 * (customer_account_online), a password with its confirmation and the terms. A 201 signs the
 * customer in. Loads the fields and the operator first.
 */
export function RegistrationForm(props: RegistrationFormProps) {
  const client = useClient();
  const dataFields = useDataFields('customer_account_online', null);
  if (client.isError || dataFields.isError) {
    return (
      <FormLoadError
        onRetry={() => {
          if (client.isError) void client.refetch();
          if (dataFields.isError) void dataFields.refetch();
        }}
      />
    );
  }
  if (!client.data || !dataFields.data) return <FormLoading />;
  return (
    <RegistrationFields
      {...props}
      sections={dataFields.data.sections}
      checksum={dataFields.data.checksum}
      clientId={client.data.id}
    />
  );
}

/** The username the new customer logs in with: the answer of the form's email field. */
function emailOf(sections: DataFieldSectionData[], answers: Record<string, unknown>): string | undefined {
  const field =
    fieldsOf(sections).find((candidate) => candidate.htmlAttributes.type === 'email') ??
    fieldsOf(sections).find((candidate) => candidate.name === 'email');
  const value = field ? answers[field.name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

interface RegistrationFieldsProps extends RegistrationFormProps {
  sections: DataFieldSectionData[];
  checksum: string;
  clientId: number;
}

function RegistrationFields({
  sections,
  checksum,
  clientId,
  source,
  submitLabel,
  intro,
  footer,
  submitNeedsTerms = false,
  genericError,
  scrollOnFailure = false,
  onSignedIn,
  onSignInFailed,
}: RegistrationFieldsProps) {
  const { t } = useTranslation('account');
  const { login } = useSession();
  const terms = useTerms();
  const registration = useRegisterCustomer();
  // Unknown until the terms load (or if they fail): the server needs them, so count them as there.
  const termsExist = terms.data ? terms.data.length > 0 : true;

  const form = useForm<RegistrationValues>({
    defaultValues: { answers: initialValues(sections), password: '', passwordConfirmation: '', terms: false },
    criteriaMode: 'all',
    resolver: zodResolver(
      z
        .object({
          answers: dataFieldAnswersSchema(sections),
          password: z.string(),
          passwordConfirmation: z.string(),
          terms: z.boolean(),
        })
        .superRefine((values, ctx) => {
          addNewPasswordIssues(ctx, values, t('fields.required'));
          if (termsExist && !values.terms) addIssues(ctx, ['terms'], [t('terms.required')]);
        }),
    ),
  });

  const termsTicked = form.watch('terms');
  const fieldNames = new Set(fieldsOf(sections).map((field) => field.name));

  function pathOf(wireName: string, message: string): RegistrationPath | undefined {
    if (wireName === 'password') return isConfirmationMessage(message) ? 'passwordConfirmation' : 'password';
    if (wireName === 'password_confirmation') return 'passwordConfirmation';
    if (wireName === 'terms') return 'terms';
    if (fieldNames.has(wireName)) return `answers.${wireName}`;
    return undefined;
  }

  const submit = form.handleSubmit(async (values) => {
    const answers = answersToSend(sections, values.answers);
    try {
      await registration.mutateAsync({
        answers,
        clientId,
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        terms: values.terms ? (terms.data ?? []).map((term) => term.id) : [],
        checksum,
        source,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, pathOf);
        if (unplaced.length) notify.validation(unplaced);
      } else {
        notify.error(error instanceof ApiError ? error.message : genericError);
        if (scrollOnFailure) scrollToTop();
      }
      return;
    }
    const email = emailOf(sections, answers);
    try {
      if (!email) throw new Error('no email field');
      await login(email, values.password);
    } catch {
      onSignInFailed();
      return;
    }
    await onSignedIn();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form registration-form">
        {intro}
        <p className="form-intro">{t('fields.requiredNote')}</p>
        <DataFieldSections sections={sections} />
        <fieldset className="form-section">
          <legend className="form-section-title">{t('register.passwordSection')}</legend>
          <NewPasswordFields
            passwordLabel={t('register.password')}
            confirmationLabel={t('register.confirmPassword')}
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
        <div className="form-actions">
          <Button
            type="submit"
            busy={form.formState.isSubmitting}
            busyText={t('common.processing')}
            disabled={submitNeedsTerms && termsExist && !termsTicked}
          >
            {submitLabel}
          </Button>
        </div>
        {footer}
      </form>
    </FormProvider>
  );
}
