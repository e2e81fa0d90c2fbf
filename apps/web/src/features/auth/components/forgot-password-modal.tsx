import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
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
  const form = useForm({
    defaultValues: { emailOrReference: '' },
    // Validated on submit only, as before: a message shows until the next try.
    reValidateMode: 'onSubmit',
    resolver: zodResolver(
      z.object({
        emailOrReference: z.string().trim().min(1, t('forgot.required', { label })),
      }),
    ),
  });

  const submit = form.handleSubmit(({ emailOrReference }) => {
    request.mutate(
      { emailOrReference },
      {
        onSuccess: (answer) => onSent(answer.message),
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : t('common.genericError');
          if (onMultiple && isMultipleAccountsMessage(message)) onMultiple(message);
          else form.setError('emailOrReference', { type: 'server', message });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="form">
      <p>{intro}</p>
      <TextField
        label={label}
        autoComplete={autoComplete}
        errors={messagesOf(form.formState.errors.emailOrReference)}
        required
        // The step's only field: focus it when the step appears.
        autoFocus
        {...form.register('emailOrReference')}
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
