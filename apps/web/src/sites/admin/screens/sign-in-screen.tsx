import { type MfaEnrolment, zMfaConfirmRequest, zStaffSignInRequest } from '@leisure/contract/admin/staff';
import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  confirmEnrolment,
  signIn,
  startEnrolment,
  useSessionStarted,
  verifyCode,
} from '../../../features/admin-session/api';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { applyServerErrors, fieldErrors, useAdminForm } from '../kit/form';
import { useConsoleTitle } from '../kit/page-header';
import { safeNext } from '../shell/sign-in-path';

/**
 * Signing in to the console (issue 47): email and password, then the second factor. The first time,
 * the user enrols an authenticator app (the QR code, or the key typed in) and confirms it with a
 * code, then sees their recovery codes once; afterwards they give a code from the app, or a recovery
 * code. Then they go where they were going (`?next=`), or to the console's home.
 */

type Step =
  | { name: 'credentials' }
  | { name: 'enrol' }
  | { name: 'recovery-codes'; codes: string[] }
  | { name: 'verify' };

export function SignInScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionStarted = useSessionStarted();
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const heading = useRef<HTMLHeadingElement>(null);
  const next = safeNext(params.get('next'));

  // Each step is a new screen: its heading takes the focus (not on the first one: the email does).
  useEffect(() => {
    if (step.name !== 'credentials') heading.current?.focus();
  }, [step.name]);

  const finish = async () => {
    await sessionStarted();
    void navigate(next, { replace: true });
  };

  return (
    <main id="main" className="admin-standalone admin-sign-in">
      {step.name === 'credentials' ? (
        <CredentialsStep
          ended={params.get('ended') === '1'}
          invited={params.get('invited') === '1'}
          onNext={(nextStep) => setStep(nextStep === 'enrol' ? { name: 'enrol' } : { name: 'verify' })}
        />
      ) : step.name === 'enrol' ? (
        <EnrolStep headingRef={heading} onConfirmed={(codes) => setStep({ name: 'recovery-codes', codes })} />
      ) : step.name === 'recovery-codes' ? (
        <RecoveryCodesStep headingRef={heading} codes={step.codes} onContinue={() => void finish()} />
      ) : (
        <VerifyStep headingRef={heading} onVerified={() => void finish()} />
      )}
    </main>
  );
}

type HeadingRef = React.RefObject<HTMLHeadingElement | null>;

/** A form-level message: the server's answer that belongs to no field. */
function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}

/** Runs a sign-in call: a 422's messages go to their fields, anything else to the form's alert. */
async function submitting<T extends FieldValues>(
  form: UseFormReturn<T, unknown, FieldValues>,
  setAlert: (message: string | undefined) => void,
  call: () => Promise<void>,
): Promise<void> {
  setAlert(undefined);
  try {
    await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const unplaced = applyServerErrors(error, form);
      setAlert(unplaced.length ? unplaced.join(' ') : undefined);
    } else {
      setAlert(error instanceof ApiError ? error.message : 'Something has gone wrong, please try again.');
    }
  }
}

function CredentialsStep({
  ended,
  invited,
  onNext,
}: {
  ended: boolean;
  invited: boolean;
  onNext: (step: 'enrol' | 'verify') => void;
}) {
  useConsoleTitle('Sign in');
  const form = useAdminForm(zStaffSignInRequest, { email: '', password: '' });
  const [alert, setAlert] = useState<string | undefined>();
  const onSubmit = form.handleSubmit((values) =>
    submitting(form, setAlert, async () => {
      const answer = await signIn(values);
      onNext(answer.next);
    }),
  );
  return (
    <>
      <h1>Sign in to the console</h1>
      {ended ? (
        <p role="status" className="admin-notice">
          Your session has ended. Sign in again to carry on where you were.
        </p>
      ) : invited ? (
        <p role="status" className="admin-notice">
          Your password is set. Sign in to continue.
        </p>
      ) : null}
      <FormAlert message={alert} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          errors={fieldErrors(form, 'email')}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          errors={fieldErrors(form, 'password')}
          {...form.register('password')}
        />
        <Button type="submit" busy={form.formState.isSubmitting} busyText="Signing in…">
          Sign in
        </Button>
      </form>
    </>
  );
}

function CodeField({ form }: { form: UseFormReturn<{ code: string }, unknown, FieldValues> }) {
  return (
    <TextField
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      length={form.watch('code')?.length ?? 0}
      required
      errors={fieldErrors(form, 'code')}
      {...form.register('code')}
    />
  );
}

function EnrolStep({
  headingRef,
  onConfirmed,
}: {
  headingRef: HeadingRef;
  onConfirmed: (codes: string[]) => void;
}) {
  useConsoleTitle('Set up two-step verification');
  const [enrolment, setEnrolment] = useState<MfaEnrolment | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const form = useAdminForm(zMfaConfirmRequest, { code: '' });

  useEffect(() => {
    let live = true;
    startEnrolment().then(
      (answer) => live && setEnrolment(answer),
      (error: unknown) =>
        live &&
        setLoadError(
          error instanceof ApiError ? error.message : 'Something has gone wrong, please try again.',
        ),
    );
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = form.handleSubmit((values) =>
    submitting(form, setAlert, async () => {
      const answer = await confirmEnrolment(values.code);
      onConfirmed(answer.recovery_codes);
    }),
  );

  return (
    <>
      <h1 tabIndex={-1} ref={headingRef}>
        Set up two-step verification
      </h1>
      <p>
        Every console account signs in with a code from an authenticator app on your phone as well as its
        password.
      </p>
      {loadError ? <FormAlert message={loadError} /> : null}
      {enrolment ? (
        <>
          <ol className="admin-steps">
            <li>
              <p>Scan this QR code with your authenticator app:</p>
              <img
                className="admin-qr"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
                alt="QR code for your authenticator app"
                width={200}
                height={200}
              />
              <p>
                Or type this key into the app: <code className="admin-secret">{enrolment.secret}</code>
              </p>
            </li>
            <li>
              <p>Enter the 6-digit code the app shows.</p>
            </li>
          </ol>
          <FormAlert message={alert} />
          <form onSubmit={onSubmit} noValidate>
            <CodeField form={form} />
            <Button type="submit" busy={form.formState.isSubmitting} busyText="Checking…">
              Confirm
            </Button>
          </form>
        </>
      ) : loadError ? null : (
        <p role="status">Loading…</p>
      )}
    </>
  );
}

function RecoveryCodesStep({
  headingRef,
  codes,
  onContinue,
}: {
  headingRef: HeadingRef;
  codes: string[];
  onContinue: () => void;
}) {
  useConsoleTitle('Save your recovery codes');
  return (
    <>
      <h1 tabIndex={-1} ref={headingRef}>
        Save your recovery codes
      </h1>
      <p>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep
        them somewhere safe: they will not be shown again.
      </p>
      <ul className="admin-recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button onClick={onContinue}>I have saved these</Button>
    </>
  );
}

const zRecoveryForm = z.object({
  recovery_code: z.string().trim().min(1, 'Enter one of your recovery codes.').max(64),
});

function VerifyStep({ headingRef, onVerified }: { headingRef: HeadingRef; onVerified: () => void }) {
  useConsoleTitle('Two-step verification');
  const [useRecovery, setUseRecovery] = useState(false);
  const [alert, setAlert] = useState<string | undefined>();
  const codeForm = useAdminForm(zMfaConfirmRequest, { code: '' });
  const recoveryForm = useAdminForm(zRecoveryForm, { recovery_code: '' });
  const switcher = useRef<HTMLButtonElement>(null);

  const onCode = codeForm.handleSubmit((values) =>
    submitting(codeForm, setAlert, async () => {
      await verifyCode({ code: values.code });
      onVerified();
    }),
  );
  const onRecovery = recoveryForm.handleSubmit((values) =>
    submitting(recoveryForm, setAlert, async () => {
      await verifyCode({ recovery_code: values.recovery_code });
      onVerified();
    }),
  );
  const toggle = () => {
    setAlert(undefined);
    setUseRecovery((value) => !value);
  };

  return (
    <>
      <h1 tabIndex={-1} ref={headingRef}>
        Enter your verification code
      </h1>
      <FormAlert message={alert} />
      {useRecovery ? (
        <form onSubmit={onRecovery} noValidate key="recovery">
          <TextField
            label="Recovery code"
            autoComplete="off"
            autoFocus
            required
            errors={fieldErrors(recoveryForm, 'recovery_code')}
            {...recoveryForm.register('recovery_code')}
          />
          <Button type="submit" busy={recoveryForm.formState.isSubmitting} busyText="Checking…">
            Verify
          </Button>
        </form>
      ) : (
        <form onSubmit={onCode} noValidate key="code">
          <p>Open your authenticator app and enter the 6-digit code it shows for this console.</p>
          <CodeField form={codeForm} />
          <Button type="submit" busy={codeForm.formState.isSubmitting} busyText="Checking…">
            Verify
          </Button>
        </form>
      )}
      <p>
        <Button variant="link" ref={switcher} onClick={toggle}>
          {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code'}
        </Button>
      </p>
    </>
  );
}
