import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { TextField } from '../../../shared/ui/text-field';
import { isMultipleAccountsMessage, useRequestPasswordReset } from '../api/request-password-reset';

type Step = { kind: 'request' } | { kind: 'customer-id'; prompt: string } | { kind: 'sent'; message: string };

export interface ForgotPasswordModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function ResetRequestForm({
  label,
  autoComplete,
  intro,
  onSent,
  onMultiple,
}: {
  label: string;
  autoComplete: string;
  intro: string;
  onSent: (message: string) => void;
  onMultiple?: (prompt: string) => void;
}) {
  const { t } = useTranslation('account');
  const request = useRequestPasswordReset();
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) {
      setErrors([t('forgot.required', { label })]);
      return;
    }
    setErrors([]);
    request.mutate(
      { emailOrReference: value.trim() },
      {
        onSuccess: (answer) => onSent(answer.message),
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : t('common.genericError');
          if (onMultiple && isMultipleAccountsMessage(message)) onMultiple(message);
          else setErrors([message]);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <p>{intro}</p>
      <TextField
        label={label}
        name="email_or_reference"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        errors={errors}
        required
        // The step's only field: focus it when the step appears.
        autoFocus
      />
      <div className="modal-actions">
        <Button type="submit" busy={request.isPending} busyText={t('common.processing')}>
          {t('forgot.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Forgotten password (my-account.md 2.11): ask for the email or customer ID; a 200 becomes the
 * check-email step; an email shared by several accounts ('Multiple ...') asks for the customer ID.
 */
export function ForgotPasswordModal({ open, onOpenChange }: ForgotPasswordModalProps) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<Step>({ kind: 'request' });

  function change(next: boolean) {
    if (!next) setStep({ kind: 'request' });
    onOpenChange(next);
  }

  const title =
    step.kind === 'sent'
      ? t('forgot.sentTitle')
      : step.kind === 'customer-id'
        ? t('forgot.customerIdTitle')
        : t('forgot.title');

  return (
    <Modal open={open} onOpenChange={change} title={title} size="small">
      {step.kind === 'request' ? (
        <ResetRequestForm
          key="request"
          label={t('forgot.emailOrReference')}
          autoComplete="username"
          intro={t('forgot.intro')}
          onSent={(message) => setStep({ kind: 'sent', message })}
          onMultiple={(prompt) => setStep({ kind: 'customer-id', prompt })}
        />
      ) : null}
      {step.kind === 'customer-id' ? (
        <ResetRequestForm
          key="customer-id"
          label={t('forgot.customerId')}
          autoComplete="off"
          intro={step.prompt}
          onSent={(message) => setStep({ kind: 'sent', message })}
        />
      ) : null}
      {step.kind === 'sent' ? (
        <div className="form">
          <p role="status">{step.message}</p>
          <p>{t('forgot.sentHint')}</p>
          <div className="modal-actions">
            {/* The step replaces the form the focus was in. */}
            <Button autoFocus onClick={() => change(false)}>
              {t('common.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
