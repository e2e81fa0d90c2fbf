import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError, getApiSettings } from '../../../shared/api/client';
import { messagesOf, toFieldError } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { describedBy, FieldErrors } from '../../../shared/ui/field-messages';
import { SelectField } from '../../../shared/ui/select-field';
import { notify } from '../../../shared/ui/toast';
import type { MyMembership } from '../api/types';
import { useUploadEligibilityDocument } from '../api/upload-eligibility-document';

/** 20,000,000 bytes (my-account.md 9). */
const maxDocumentBytes = 20_000_000;
const accepted = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/**
 * The eligibility document part of a membership card (my-account.md 2.7, 4 "Document upload"): the
 * latest document's state, and the form when an upload is needed.
 */
export function EligibilityDocument({ membership }: { membership: MyMembership }) {
  const { t } = useTranslation('account');
  const [submitted, setSubmitted] = useState(false);
  const criterion = membership.membershipType.eligibilityCriterion;
  if (!criterion) return null;
  const { document } = membership;
  const headingId = `mm-document-${membership.id}`;

  let state = null;
  if (submitted) {
    state = (
      <div role="status" className="mm-note">
        <p>{t('membershipsArea.document.submitted')}</p>
        <p>{t('membershipsArea.document.review')}</p>
      </div>
    );
  } else if (document?.status === 'rejected') {
    state = (
      <p className="mm-note mm-note-danger">
        {t('membershipsArea.document.rejected', { reason: document.rejectionReason ?? '' })}
      </p>
    );
  } else if (document?.documentExpiry.expired) {
    state = <p className="mm-note mm-note-danger">{t('membershipsArea.document.expired')}</p>;
  } else if (document?.documentExpiry.documentExpiringSoon) {
    state = (
      <p className="mm-note">
        {t('membershipsArea.document.expiringSoon', { date: document.documentExpiry.date?.fullDate ?? '' })}
      </p>
    );
  } else if (document?.status === 'pending') {
    state = <p className="mm-note">{t('membershipsArea.document.pending', { type: document.type.name })}</p>;
  } else if (document?.status === 'approved') {
    state = <p className="mm-note">{t('membershipsArea.document.approved', { type: document.type.name })}</p>;
  } else if (membership.documentUploadRequired) {
    state = (
      <p className="mm-note">
        {membership.documentDueDate
          ? t(
              membership.documentOverdue
                ? 'membershipsArea.document.overdue'
                : 'membershipsArea.document.required',
              {
                criterion: criterion.name,
                date: membership.documentDueDate.fullDate,
              },
            )
          : t('membershipsArea.document.requiredNoDate', { criterion: criterion.name })}
      </p>
    );
  }
  const showForm = membership.documentUploadRequired && !submitted;
  if (!state && !showForm) return null;
  return (
    <section className="mm-document" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('membershipsArea.document.heading')}</h3>
      {state}
      {document && !submitted ? (
        <p>
          <a href={`${getApiSettings().baseUrl}/api/my-account/uploads/${document.uploadId}`} download>
            {t('membershipsArea.document.view')}
          </a>
        </p>
      ) : null}
      {showForm ? <DocumentForm membership={membership} onSubmitted={() => setSubmitted(true)} /> : null}
    </section>
  );
}

/** A document type and a file (submit stays disabled until both are there). */
const documentSchema = z.object({
  typeId: z.string().min(1),
  document: z.custom<File | null>().pipe(z.instanceof(File)),
});

interface DocumentValues {
  typeId: string;
  document: File | null;
}

/** The server's field names for this form's inputs. */
const documentPaths: Record<string, keyof DocumentValues> = {
  eligibility_document_type_id: 'typeId',
  document: 'document',
};

function DocumentForm({ membership, onSubmitted }: { membership: MyMembership; onSubmitted(): void }) {
  const { t } = useTranslation('account');
  const upload = useUploadEligibilityDocument();
  const form = useForm<DocumentValues, unknown, z.output<typeof documentSchema>>({
    defaultValues: { typeId: '', document: null },
    reValidateMode: 'onSubmit',
    resolver: zodResolver(documentSchema),
  });
  const [typeId, file] = useWatch({ control: form.control, name: ['typeId', 'document'] });
  const errors = form.formState.errors;
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const criterion = membership.membershipType.eligibilityCriterion;
  if (!criterion) return null;
  const fileErrors = messagesOf(errors.document) ?? [];
  const fileErrorId = fileErrors.length ? `${fileId}-error` : undefined;
  const otherErrors = messagesOf(errors.root?.server) ?? [];

  const submit = form.handleSubmit((values) => {
    upload.mutate(
      {
        membershipId: membership.id,
        eligibilityCriterionId: criterion.id,
        eligibilityDocumentTypeId: Number(values.typeId),
        document: values.document,
      },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            showServerErrors(error, form.setError, (wireName) => documentPaths[wireName]);
            // The membership and criterion are not inputs: their messages show above the button.
            const others = ['membership_id', 'eligibility_criterion_id'].flatMap(
              (wireName) => error.wireErrors[wireName] ?? [],
            );
            if (others.length) form.setError('root.server', toFieldError(others));
            if (Object.keys(error.wireErrors).length === 0) notify.error(error.message);
          } else if (error instanceof ApiError && error.status !== 401) {
            notify.error(t('membershipsArea.document.uploadError'));
          }
        },
      },
    );
  });

  return (
    <form className="mm-document-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('membershipsArea.document.type')}
        options={criterion.documentTypes.map((type) => ({ value: String(type.id), label: type.name }))}
        placeholder={t('fields.selectPlaceholder')}
        errors={messagesOf(errors.typeId)}
        required
        {...form.register('typeId')}
      />
      <div className={['field', fileErrors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
        <label htmlFor={fileId} className="field-label">
          {t('membershipsArea.document.file')}
          <span aria-hidden="true"> *</span>
        </label>
        <Controller
          control={form.control}
          name="document"
          render={({ field }) => (
            <input
              ref={fileInput}
              id={fileId}
              type="file"
              accept={accepted}
              required
              aria-invalid={fileErrors.length ? true : undefined}
              aria-describedby={describedBy(fileErrorId)}
              onBlur={field.onBlur}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                form.clearErrors('document');
                if (chosen && chosen.size > maxDocumentBytes) {
                  // Refused before anything is sent (my-account.md 5).
                  notify.error(t('membershipsArea.document.tooLarge'));
                  field.onChange(null);
                  event.target.value = '';
                  return;
                }
                field.onChange(chosen);
              }}
            />
          )}
        />
        <FieldErrors id={fileErrorId} errors={fileErrors} />
      </div>
      {otherErrors.length ? (
        <ul className="mm-errors" role="alert">
          {otherErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button
          type="submit"
          disabled={!file || !typeId}
          busy={upload.isPending}
          busyText={t('membershipsArea.document.submitting')}
        >
          {t('membershipsArea.document.submit')}
        </Button>
      </div>
    </form>
  );
}
