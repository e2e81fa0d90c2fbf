import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, getApiSettings } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { describedBy, FieldErrors } from '../../../shared/ui/field-messages';
import { SelectField } from '../../../shared/ui/select-field';
import { notify } from '../../../shared/ui/toast';
import type { MyMembership } from '../api/types';
import { useUploadEligibilityDocument } from '../api/upload-eligibility-document';

/** 20,000,000 bytes (my-account.md 9). */
export const maxDocumentBytes = 20_000_000;
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
          ? t('membershipsArea.document.required', {
              criterion: criterion.name,
              date: membership.documentDueDate.fullDate,
            })
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

function DocumentForm({ membership, onSubmitted }: { membership: MyMembership; onSubmitted(): void }) {
  const { t } = useTranslation('account');
  const upload = useUploadEligibilityDocument();
  const [typeId, setTypeId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const criterion = membership.membershipType.eligibilityCriterion;
  if (!criterion) return null;
  const fileErrors = errors.document ?? [];
  const fileErrorId = fileErrors.length ? `${fileId}-error` : undefined;
  const otherErrors = [...(errors.membership_id ?? []), ...(errors.eligibility_criterion_id ?? [])];

  const chooseFile = (chosen: File | null) => {
    setErrors((current) => ({ ...current, document: [] }));
    if (chosen && chosen.size > maxDocumentBytes) {
      // Refused before anything is sent (my-account.md 5).
      notify.error(t('membershipsArea.document.tooLarge'));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file || !typeId) return;
    setErrors({});
    upload.mutate(
      {
        membershipId: membership.id,
        eligibilityCriterionId: criterion.id,
        eligibilityDocumentTypeId: Number(typeId),
        document: file,
      },
      {
        onSuccess: onSubmitted,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            setErrors(error.wireErrors);
            if (Object.keys(error.wireErrors).length === 0) notify.error(error.message);
          } else if (error instanceof ApiError && error.status !== 401) {
            notify.error(t('membershipsArea.document.uploadError'));
          }
        },
      },
    );
  };

  return (
    <form className="mm-document-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('membershipsArea.document.type')}
        value={typeId}
        onChange={(event) => setTypeId(event.target.value)}
        options={criterion.documentTypes.map((type) => ({ value: String(type.id), label: type.name }))}
        placeholder={t('fields.selectPlaceholder')}
        errors={errors.eligibility_document_type_id}
        required
      />
      <div className={['field', fileErrors.length ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
        <label htmlFor={fileId} className="field-label">
          {t('membershipsArea.document.file')}
          <span aria-hidden="true"> *</span>
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={accepted}
          required
          aria-invalid={fileErrors.length ? true : undefined}
          aria-describedby={describedBy(fileErrorId)}
          onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
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
