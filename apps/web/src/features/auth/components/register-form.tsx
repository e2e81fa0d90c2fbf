import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import type { DataFieldSectionData } from '../../../shared/forms/api/get-data-fields';
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
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { checkNewPassword, isConfirmationMessage } from '../../../shared/forms/password-rules';
import { type PathErrors, resolverFrom } from '../../../shared/forms/resolver';
import { scrollToTop } from '../../../shared/forms/scroll';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { TermsCheckbox } from '../../../shared/forms/terms';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { useRegisterCustomer } from '../api/register-customer';

interface RegisterValues {
  answers: DataFieldValues;
  password: string;
  passwordConfirmation: string;
  terms: boolean;
}

type RegisterPath = 'password' | 'passwordConfirmation' | 'terms' | `answers.${string}`;

export interface RegisterFormProps {
  sections: DataFieldSectionData[];
  checksum: string;
  clientId: number;
}

/** The username the new customer logs in with: the answer of the form's email field. */
function emailOf(sections: DataFieldSectionData[], answers: Record<string, unknown>): string | undefined {
  const field =
    fieldsOf(sections).find((candidate) => candidate.htmlAttributes.type === 'email') ??
    fieldsOf(sections).find((candidate) => candidate.name === 'email');
  const value = field ? answers[field.name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Registration (my-account.md 2.9, 4, 5): the operator's data fields, a password with its
 * confirmation and the terms. A 201 signs the customer in.
 */
export function RegisterForm({ sections, checksum, clientId }: RegisterFormProps) {
  const { t } = useTranslation('account');
  const { login } = useSession();
  const navigate = useNavigate();
  const terms = useTerms();
  const registration = useRegisterCustomer();
  const [createdWithoutLogin, setCreatedWithoutLogin] = useState(false);
  // Unknown until the terms load (or if they fail): the server needs them, so count them as there.
  const termsExist = terms.data ? terms.data.length > 0 : true;

  const form = useForm<RegisterValues>({
    defaultValues: { answers: initialValues(sections), password: '', passwordConfirmation: '', terms: false },
    criteriaMode: 'all',
    resolver: resolverFrom<RegisterValues>((values) => {
      const errors: PathErrors = {};
      for (const [name, messages] of Object.entries(validateDataFields(sections, values.answers))) {
        errors[`answers.${name}`] = messages;
      }
      const password = checkNewPassword(values.password, values.passwordConfirmation, t('fields.required'));
      if (password.password) errors.password = password.password;
      if (password.confirmation) errors.passwordConfirmation = password.confirmation;
      if (termsExist && !values.terms) errors.terms = [t('terms.required')];
      return errors;
    }),
  });

  const termsTicked = form.watch('terms');
  const fieldNames = new Set(fieldsOf(sections).map((field) => field.name));

  function pathOf(wireName: string, message: string): RegisterPath | undefined {
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
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, pathOf);
        if (unplaced.length) notify.validation(unplaced);
      } else {
        notify.error(error instanceof ApiError ? error.message : t('common.genericError'));
        scrollToTop();
      }
      return;
    }
    const email = emailOf(sections, answers);
    try {
      if (!email) throw new Error('no email field');
      await login(email, values.password);
      navigate('/', { replace: true });
    } catch {
      setCreatedWithoutLogin(true);
      scrollToTop();
    }
  });

  if (createdWithoutLogin) {
    return (
      <section className="form-success" aria-labelledby="register-done">
        <h2 id="register-done">{t('register.created')}</h2>
        <p>
          <Link to="/login">{t('register.logInNow')}</Link>
        </p>
      </section>
    );
  }

  const busy = form.formState.isSubmitting || registration.isPending;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form register-form">
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
            busy={busy}
            busyText={t('common.processing')}
            disabled={termsExist && !termsTicked}
          >
            {t('register.submit')}
          </Button>
        </div>
        <p>
          {t('register.haveAccount')} <Link to="/login">{t('login.title')}</Link>
        </p>
      </form>
    </FormProvider>
  );
}
