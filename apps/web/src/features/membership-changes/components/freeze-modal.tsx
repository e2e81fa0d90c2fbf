import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useFreezeTypes } from '../api/get-freeze-types';
import { useRequestFreeze } from '../api/request-freeze';
import type { MembershipFreeze, MyMembership } from '../api/types';

/** 20,000,000 bytes (my-account.md 9). */
const maxUploadBytes = 20_000_000;

export interface MembershipModalProps {
  membership: MyMembership;
  onClose(): void;
  /** After a success (the freeze request's 201): the list reloads. */
  onDone?(): void;
}

/** Freeze months: the leading number of the time period label ('3 months' -> 3). */
export function monthsOf(label: string): number {
  return Number.parseInt(label, 10);
}

interface FreezeForm {
  freezeTypeId: string;
  startDate: string;
  timePeriod: string;
  documentType: string;
  file: File | null;
}

const emptyForm: FreezeForm = {
  freezeTypeId: '',
  startDate: '',
  timePeriod: '',
  documentType: '',
  file: null,
};

/** The Freeze modal (my-account.md 2.6, 4 "Freeze", 5 "Freeze form"). */
export function FreezeModal({ membership, onClose, onDone }: MembershipModalProps) {
  const { t } = useTranslation('account');
  const types = useFreezeTypes(membership.id);
  const freeze = useRequestFreeze();
  const [form, setForm] = useState<FreezeForm>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [done, setDone] = useState<{ freeze: MembershipFreeze; form: FreezeForm } | null>(null);

  // When the freeze types load the form resets, the start date at the earliest allowed day.
  useEffect(() => {
    if (types.data) setForm({ ...emptyForm, startDate: types.data.minFreezeStartDate });
  }, [types.data]);

  const chosen = types.data?.freezeTypes.find((type) => String(type.id) === form.freezeTypeId);
  const proof = chosen?.proofOfEligibility ?? null;
  const complete =
    chosen !== undefined &&
    form.startDate !== '' &&
    form.timePeriod !== '' &&
    (proof === null || (form.file !== null && form.documentType !== ''));

  function close() {
    setForm(emptyForm);
    setErrors({});
    setDone(null);
    freeze.reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || !complete) return;
    setErrors({});
    try {
      const result = await freeze.mutateAsync({
        membershipId: membership.id,
        freezeTypeId: chosen.id,
        activeFrom: form.startDate,
        months: monthsOf(form.timePeriod),
        ...(proof ? { documentType: form.documentType, file: form.file } : {}),
      });
      setDone({ freeze: result, form });
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
      else
        setErrors({
          membershipId: [error instanceof Error ? error.message : t('membershipChange.freeze.loadFailed')],
        });
    }
  }

  function chooseFile(file: File | null) {
    if (file && file.size > maxUploadBytes) {
      setErrors({ file: [t('membershipChange.freeze.fileTooLarge')] });
      setForm((current) => ({ ...current, file: null }));
      return;
    }
    setErrors(({ file: _dropped, ...rest }) => rest);
    setForm((current) => ({ ...current, file }));
  }

  const heading = (
    <>
      <span className="freeze-type-name">{membership.membershipType.name}</span>{' '}
      <span>{t('membershipChange.freeze.membershipNo', { id: membership.id })}</span>
    </>
  );

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={done ? t('membershipChange.freeze.submittedTitle') : t('membershipChange.freeze.title')}
      description={heading}
    >
      {done ? (
        <div className="freeze-confirmation">
          <p role="status">{t('membershipChange.freeze.submittedText')}</p>
          <dl className="details-list">
            <dt>{t('membershipChange.freeze.summaryReason')}</dt>
            <dd>{done.freeze.freezeType.reason}</dd>
            <dt>{t('membershipChange.freeze.summaryStart')}</dt>
            <dd>{done.freeze.activeFrom}</dd>
            <dt>{t('membershipChange.freeze.summaryPeriod')}</dt>
            <dd>{done.form.timePeriod}</dd>
            {done.freeze.proof ? (
              <>
                <dt>{t('membershipChange.freeze.summaryDocument')}</dt>
                <dd>
                  <a href={`/api/my-account/uploads/${done.freeze.proof.uploadId}`} download>
                    {done.freeze.proof.name}
                  </a>{' '}
                  ({done.freeze.proof.documentType})
                </dd>
              </>
            ) : null}
          </dl>
          <div className="modal-actions">
            <Button onClick={close}>{t('membershipChange.freeze.close')}</Button>
          </div>
        </div>
      ) : types.isPending ? (
        <PageSpinner />
      ) : types.isError ? (
        <p role="alert" className="notice notice-error">
          {t('membershipChange.freeze.loadFailed')}
        </p>
      ) : types.data.freezeTypes.length === 0 ? (
        <p className="notice">{t('membershipChange.freeze.noTypes')}</p>
      ) : (
        <form onSubmit={submit} noValidate className="freeze-form">
          {errors.membershipId?.length ? (
            <p role="alert" className="form-error">
              {errors.membershipId.join(' ')}
            </p>
          ) : null}
          <SelectField
            label={t('membershipChange.freeze.reason')}
            required
            value={form.freezeTypeId}
            options={types.data.freezeTypes.map((type) => ({ value: String(type.id), label: type.reason }))}
            errors={errors.freezeTypeId}
            // A new reason clears the time period and any document chosen.
            onChange={(event) =>
              setForm((current) => ({
                ...current,
                freezeTypeId: event.target.value,
                timePeriod: '',
                file: null,
                documentType: '',
              }))
            }
          />
          <TextField
            label={t('membershipChange.freeze.startDate')}
            type="date"
            required
            min={types.data.minFreezeStartDate}
            max={types.data.maxFreezeStartDate}
            value={form.startDate}
            errors={errors.activeFrom}
            onChange={(event) => setForm((current) => ({ ...current, startDate: event.target.value }))}
          />
          <SelectField
            label={t('membershipChange.freeze.timePeriod')}
            required
            disabled={!chosen}
            value={form.timePeriod}
            options={(chosen?.timePeriods ?? []).map((label) => ({ value: label, label }))}
            errors={errors.months}
            onChange={(event) => setForm((current) => ({ ...current, timePeriod: event.target.value }))}
          />
          {proof ? (
            <fieldset className="freeze-proof">
              <legend>{t('membershipChange.freeze.proofTitle')}</legend>
              <p>{proof.description}</p>
              <SelectField
                label={t('membershipChange.freeze.documentType')}
                required
                value={form.documentType}
                options={[{ value: proof.documentType, label: proof.documentType }]}
                onChange={(event) => setForm((current) => ({ ...current, documentType: event.target.value }))}
              />
              <TextField
                // A new reason remounts the input, so a cleared file really is cleared.
                key={form.freezeTypeId}
                label={t('membershipChange.freeze.document')}
                type="file"
                required
                accept="image/jpeg,image/png,application/pdf"
                hint={t('membershipChange.freeze.documentHint')}
                errors={errors.file}
                onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              />
            </fieldset>
          ) : errors.file?.length ? (
            <p role="alert" className="form-error">
              {errors.file.join(' ')}
            </p>
          ) : null}
          <div className="modal-actions">
            <Button
              type="submit"
              disabled={!complete}
              busy={freeze.isPending}
              busyText={t('membershipChange.freeze.submitting')}
            >
              {t('membershipChange.freeze.submit')}
            </Button>
            <Button variant="secondary" onClick={close}>
              {t('membershipChange.freeze.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
