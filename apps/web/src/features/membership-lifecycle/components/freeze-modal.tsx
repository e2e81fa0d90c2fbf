import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { formatDate } from '../../../shared/format/dates';
import { messagesOf, toFieldError } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { Modal } from '../../../shared/ui/modal';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useFreezeTypes } from '../api/get-freeze-types';
import { useRequestFreeze } from '../api/request-freeze';
import type { FreezeTypes, MembershipFreeze, MyMembership } from '../api/types';

/** 20,000,000 bytes (my-account.md 9). */
const maxUploadBytes = 20_000_000;

export interface MembershipModalProps {
  membership: MyMembership;
  onClose(): void;
  /** After a success (the freeze request's 201): the list reloads. */
  onDone?(): void;
}

/** Freeze months: the leading number of the time period label ('3 months' -> 3). */
function monthsOf(label: string): number {
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

/** A reason, a start date and a period; a reason that needs proof also needs its document. */
function freezeSchema(freezeTypes: FreezeTypes['freezeTypes']) {
  return z
    .object({
      freezeTypeId: z.string().min(1),
      startDate: z.string().min(1),
      timePeriod: z.string().min(1),
      documentType: z.string(),
      file: z.instanceof(File).nullable(),
    })
    .refine(
      (values) => {
        const chosen = freezeTypes.find((type) => String(type.id) === values.freezeTypeId);
        return !chosen?.proofOfEligibility || (values.file !== null && values.documentType !== '');
      },
      { path: ['file'] },
    );
}

/** The server's names of this form's inputs. */
const freezePaths: Record<string, keyof FreezeForm> = {
  freeze_type_id: 'freezeTypeId',
  active_from: 'startDate',
  months: 'timePeriod',
  file: 'file',
};

/** The Freeze modal (my-account.md 2.6, 4 "Freeze", 5 "Freeze form"). */
export function FreezeModal({ membership, onClose, onDone }: MembershipModalProps) {
  const { t } = useTranslation('account');
  const types = useFreezeTypes(membership.id);
  const freeze = useRequestFreeze();
  const freezeTypes = types.data?.freezeTypes ?? [];
  const form = useForm<FreezeForm>({
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
    resolver: zodResolver(freezeSchema(freezeTypes)),
  });
  const values = useWatch({ control: form.control }) as FreezeForm;
  const errors = form.formState.errors;
  const [done, setDone] = useState<{ freeze: MembershipFreeze; form: FreezeForm } | null>(null);

  // When the freeze types load the form resets, the start date at the earliest allowed day.
  const { reset } = form;
  useEffect(() => {
    if (types.data) reset({ ...emptyForm, startDate: types.data.minFreezeStartDate });
  }, [types.data, reset]);

  const chosen = freezeTypes.find((type) => String(type.id) === values.freezeTypeId);
  const proof = chosen?.proofOfEligibility ?? null;
  // Worked out on every render (not after the resolver's round), so the button follows each choice.
  const complete = freezeSchema(freezeTypes).safeParse(values).success;

  function close() {
    form.reset(emptyForm);
    setDone(null);
    freeze.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (current) => {
    if (!chosen) return;
    try {
      const result = await freeze.mutateAsync({
        membershipId: membership.id,
        freezeTypeId: chosen.id,
        activeFrom: current.startDate,
        months: monthsOf(current.timePeriod),
        ...(proof ? { documentType: current.documentType, file: current.file } : {}),
      });
      setDone({ freeze: result, form: current });
      onDone?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = showServerErrors(error, form.setError, (name) => freezePaths[name]);
        // The membership itself (a freeze already pending, ...) is not an input: shown above them.
        if (unplaced.length) form.setError('root.server', toFieldError(unplaced));
      } else {
        form.setError('root.server', {
          message: error instanceof Error ? error.message : t('membershipChange.freeze.loadFailed'),
        });
      }
    }
  });

  function chooseFile(file: File | null) {
    if (file && file.size > maxUploadBytes) {
      form.setError('file', { type: 'size', message: t('membershipChange.freeze.fileTooLarge') });
      form.setValue('file', null);
      return;
    }
    form.clearErrors('file');
    form.setValue('file', file);
  }
  const membershipErrors = messagesOf(errors.root?.server) ?? [];
  const fileErrors = messagesOf(errors.file) ?? [];

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
            <dd>{formatDate(done.freeze.activeFrom)}</dd>
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
          {membershipErrors.length ? (
            <p role="alert" className="form-error">
              {membershipErrors.join(' ')}
            </p>
          ) : null}
          <SelectField
            label={t('membershipChange.freeze.reason')}
            required
            options={types.data.freezeTypes.map((type) => ({ value: String(type.id), label: type.reason }))}
            errors={messagesOf(errors.freezeTypeId)}
            {...form.register('freezeTypeId', {
              // A new reason clears the time period and any document chosen.
              onChange: () => {
                form.setValue('timePeriod', '');
                form.setValue('file', null);
                form.setValue('documentType', '');
              },
            })}
          />
          <TextField
            label={t('membershipChange.freeze.startDate')}
            type="date"
            required
            min={types.data.minFreezeStartDate}
            max={types.data.maxFreezeStartDate}
            errors={messagesOf(errors.startDate)}
            {...form.register('startDate')}
          />
          <SelectField
            label={t('membershipChange.freeze.timePeriod')}
            required
            disabled={!chosen}
            options={(chosen?.timePeriods ?? []).map((label) => ({ value: label, label }))}
            errors={messagesOf(errors.timePeriod)}
            {...form.register('timePeriod')}
          />
          {proof ? (
            <fieldset className="freeze-proof">
              <legend>{t('membershipChange.freeze.proofTitle')}</legend>
              <p>{proof.description}</p>
              <SelectField
                label={t('membershipChange.freeze.documentType')}
                required
                options={[{ value: proof.documentType, label: proof.documentType }]}
                {...form.register('documentType')}
              />
              <TextField
                // A new reason remounts the input, so a cleared file really is cleared.
                key={values.freezeTypeId}
                label={t('membershipChange.freeze.document')}
                type="file"
                required
                accept="image/jpeg,image/png,application/pdf"
                hint={t('membershipChange.freeze.documentHint')}
                errors={fileErrors}
                onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              />
            </fieldset>
          ) : fileErrors.length ? (
            <p role="alert" className="form-error">
              {fileErrors.join(' ')}
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
