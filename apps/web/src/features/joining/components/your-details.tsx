import { zodResolver } from '@hookform/resolvers/zod';
import { isEmptyAnswer } from '@leisure/contract/data-fields';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import type { DataFieldSectionData } from '../../../shared/forms/api/get-data-fields';
import { useDataFields } from '../../../shared/forms/api/get-data-fields';
import { DataFieldSections } from '../../../shared/forms/data-field-form';
import {
  answersToSend,
  type DataFieldValues,
  dataFieldAnswersSchema,
  fieldsOf,
  initialValues,
} from '../../../shared/forms/data-field-values';
import { FormLoadError } from '../../../shared/forms/form-status';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import { useSavePurchaseDetails } from '../api/save-purchase-details';

/**
 * Visitors' registration, composed by the site (the registration feature): it calls `onRegistered`
 * once the account exists and the visitor is signed in.
 */
export type RenderRegistration = (onRegistered: () => Promise<void>) => ReactNode;

export interface YourDetailsProps {
  /** Called once the account exists and the user is signed in (201), or the saved data is in (200). */
  onContinue: () => Promise<void>;
  renderRegistration?: RenderRegistration | undefined;
  /** The flow is checking the selection for the user just signed in: nothing to fill in meanwhile. */
  checkingEligibility?: boolean;
}

/**
 * Your details (joining-and-payments.md 2): visitors register (customer_account_online, a password
 * and the terms; the site supplies the form) and a 201 signs them in; signed-in users see the
 * membership_purchase fields, save what is still required and continue. A new joiner is asked for
 * the same purchase data as a member (the emergency contact, say) before buying: straight after
 * registering, the purchase fields show when a required one is still unanswered.
 */
export function YourDetails({
  onContinue,
  renderRegistration,
  checkingEligibility = false,
}: YourDetailsProps) {
  const { isLoggedIn } = useSession();
  const [registered, setRegistered] = useState(false);
  if (!isLoggedIn) {
    return renderRegistration
      ? renderRegistration(async () => {
          setRegistered(true);
        })
      : null;
  }
  if (checkingEligibility) return <PageSpinner />;
  return <PurchaseDetails onContinue={onContinue} justRegistered={registered} />;
}

function PurchaseDetails({
  onContinue,
  justRegistered,
}: {
  onContinue: () => Promise<void>;
  justRegistered: boolean;
}) {
  const { user } = useSession();
  const fields = useDataFields('membership_purchase', user?.id ?? null);
  const complete =
    fields.data !== undefined &&
    fieldsOf(fields.data.sections).every(
      (field) => !field.isRequired || !field.isAuthorised || !isEmptyAnswer(field.answer),
    );
  // Registering answered everything buying needs: go straight on, as before.
  const continued = useRef(false);
  useEffect(() => {
    if (justRegistered && complete && !continued.current) {
      continued.current = true;
      void onContinue();
    }
  }, [justRegistered, complete, onContinue]);
  if (fields.isPending || (justRegistered && complete)) return <PageSpinner />;
  if (fields.isError) return <FormLoadError onRetry={() => void fields.refetch()} />;
  return (
    <PurchaseDetailsForm
      sections={fields.data.sections}
      onContinue={onContinue}
      justRegistered={justRegistered}
    />
  );
}

interface PurchaseDetailsValues {
  answers: DataFieldValues;
}

function PurchaseDetailsForm({
  sections,
  onContinue,
  justRegistered,
}: {
  sections: DataFieldSectionData[];
  onContinue: () => Promise<void>;
  justRegistered: boolean;
}) {
  const { t } = useTranslation('flow');
  const { t: ta } = useTranslation('account');
  const saveDetails = useSavePurchaseDetails();
  const editable = fieldsOf(sections).some((field) => field.isAuthorised);
  const fieldNames = new Set(fieldsOf(sections).map((field) => field.name));

  const form = useForm<PurchaseDetailsValues>({
    defaultValues: { answers: initialValues(sections) },
    criteriaMode: 'all',
    resolver: zodResolver(z.object({ answers: dataFieldAnswersSchema(sections) })),
  });

  const submit = form.handleSubmit(async (values) => {
    if (editable) {
      try {
        await saveDetails.mutateAsync(answersToSend(sections, values.answers));
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const unplaced = showServerErrors(error, form.setError, (wireName) =>
            fieldNames.has(wireName) ? (`answers.${wireName}` as const) : undefined,
          );
          if (unplaced.length) notify.validation(unplaced);
        } else {
          notify.error(error instanceof ApiError ? error.message : t('joining.genericError'));
        }
        return;
      }
    }
    await onContinue();
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="form joining-details">
        {justRegistered ? (
          <p className="notice" role="note">
            {t('details.moreNeeded')}
          </p>
        ) : null}
        {/* The notice only when nothing here can be edited (every field is the operator's to change). */}
        {editable ? null : (
          <p className="notice" role="note">
            {t('details.notEditable')}
          </p>
        )}
        <p className="form-intro">{ta('fields.requiredNote')}</p>
        <DataFieldSections sections={sections} />
        <div className="form-actions">
          <Button type="submit" busy={form.formState.isSubmitting} busyText={ta('common.processing')}>
            {t('joining.continue')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
