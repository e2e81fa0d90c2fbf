import {
  type AdminMembershipType,
  benefitFrequencies,
  benefitKinds,
  zAdminBenefit,
} from '@leisure/contract/admin/memberships';
import { useId } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import {
  paths,
  useCategoryChoices,
  useVenueChoices,
} from '../../../../features/admin-memberships/api/memberships-api';
import { adminApi, useAdminMutation } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { CheckboxGroup } from '../../../../shared/ui/checkbox-group';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { optionalNumber } from './money';

/** The type form's fields: the contract's request, with the eligibility criterion spread out. */
const zTypeForm = z
  .object({
    name: z.string().trim().min(1, 'Required').max(120),
    description: z.string().max(10_000),
    coverage: z.string().trim().min(1, 'Required').max(60),
    category_ids: z.array(z.string()),
    sold_at_venue_ids: z.array(z.string()),
    access_venue_ids: z.array(z.string()),
    has_eligibility: z.boolean(),
    eligibility_name: z.string().trim().max(80),
    min_age: z.number().int().min(0).max(120).nullable(),
    max_age: z.number().int().min(0).max(120).nullable(),
    requires_document: z.boolean(),
    document_types: z.string().max(1000),
    benefits: z.array(zAdminBenefit),
    position: z.number({ error: 'Enter a number' }).int().min(0).max(10_000),
    active: z.boolean(),
    freezable: z.boolean(),
    cancellation_notice_days: z.number({ error: 'Enter a number' }).int().min(0).max(365),
  })
  .refine((v) => !v.has_eligibility || v.eligibility_name.length > 0, {
    message: 'Name the criterion',
    path: ['eligibility_name'],
  });
type TypeFormValues = z.input<typeof zTypeForm>;

function valuesOf(type?: AdminMembershipType): TypeFormValues {
  return {
    name: type?.name ?? '',
    description: type?.description ?? '',
    coverage: type?.coverage ?? 'local',
    category_ids: (type?.category_ids ?? []).map(String),
    sold_at_venue_ids: (type?.sold_at_venue_ids ?? []).map(String),
    access_venue_ids: (type?.access_venue_ids ?? []).map(String),
    has_eligibility: Boolean(type?.eligibility),
    eligibility_name: type?.eligibility?.name ?? '',
    min_age: type?.eligibility?.min_age ?? null,
    max_age: type?.eligibility?.max_age ?? null,
    requires_document: type?.eligibility?.requires_document ?? false,
    document_types: (type?.eligibility?.document_types ?? []).join(', '),
    benefits: (type?.benefits ?? []).map(({ id: _id, ...benefit }) => ({
      ...benefit,
      frequency: benefit.frequency as (typeof benefitFrequencies)[number] | null,
    })),
    position: type?.position ?? 0,
    active: type?.active ?? true,
    freezable: type?.freezable ?? true,
    cancellation_notice_days: type?.cancellation_notice_days ?? 30,
  };
}

function requestOf(values: z.output<typeof zTypeForm>) {
  const ids = (list: string[]) => list.map(Number);
  return {
    name: values.name,
    description: values.description,
    coverage: values.coverage,
    category_ids: ids(values.category_ids),
    sold_at_venue_ids: ids(values.sold_at_venue_ids),
    access_venue_ids: ids(values.access_venue_ids),
    eligibility: values.has_eligibility
      ? {
          name: values.eligibility_name,
          min_age: values.min_age,
          max_age: values.max_age,
          requires_document: values.requires_document,
          document_types: values.document_types
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
        }
      : null,
    benefits: values.benefits,
    position: values.position,
    active: values.active,
    freezable: values.freezable,
    cancellation_notice_days: values.cancellation_notice_days,
  };
}

const kindLabels: Record<(typeof benefitKinds)[number], string> = {
  guest_pass: 'Guest passes',
  activity: 'Free or discounted activity',
  other: 'Other',
};

/** Adds or changes a membership type: what it is, who may buy it, where, and what it includes. */
export function TypeForm({
  type,
  onSaved,
}: {
  type?: AdminMembershipType;
  onSaved: (saved: AdminMembershipType) => void;
}) {
  const form = useAdminForm(zTypeForm, valuesOf(type));
  const { register, control, watch } = form;
  const benefits = useFieldArray({ control, name: 'benefits' });
  const categories = useCategoryChoices();
  const venues = useVenueChoices();
  const descriptionId = useId();
  const saveType = useAdminMutation({
    call: (body: ReturnType<typeof requestOf>) =>
      type
        ? adminApi.patch<AdminMembershipType>(paths.type(type.id), body)
        : adminApi.post<AdminMembershipType>(paths.types, body),
    invalidates: [paths.types],
  });
  const save = useSaveForm(form, (values) => saveType.mutateAsync(requestOf(values)), {
    onSaved,
    savedMessage: 'Membership type saved.',
  });
  const categoryOptions = (categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const venueOptions = (venues.data?.data ?? []).map((v) => ({ value: String(v.id), label: v.name }));
  const hasEligibility = watch('has_eligibility');
  const numberField = { setValueAs: optionalNumber };

  return (
    <form onSubmit={save.onSubmit} noValidate className="admin-form">
      <fieldset>
        <legend>About the membership</legend>
        <TextField
          label="Name"
          required
          maxLength={120}
          {...register('name')}
          errors={fieldErrors(form, 'name')}
        />
        <div className="field">
          <label htmlFor={descriptionId}>Description</label>
          <textarea id={descriptionId} rows={4} {...register('description')} />
        </div>
        <TextField
          label="Coverage"
          hint="local, national, or the word members see (e.g. Leeds)"
          required
          {...register('coverage')}
          errors={fieldErrors(form, 'coverage')}
        />
        <Controller
          control={control}
          name="category_ids"
          render={({ field }) => (
            <CheckboxGroup
              label="Categories"
              name={field.name}
              options={categoryOptions}
              value={field.value}
              onChange={field.onChange}
              errors={fieldErrors(form, 'category_ids')}
            />
          )}
        />
        <TextField
          label="Display order"
          type="number"
          min={0}
          {...register('position', { valueAsNumber: true })}
          errors={fieldErrors(form, 'position')}
        />
        <CheckboxField label="On sale (untick to archive)" {...register('active')} />
      </fieldset>

      <fieldset>
        <legend>Venues</legend>
        <Controller
          control={control}
          name="sold_at_venue_ids"
          render={({ field }) => (
            <CheckboxGroup
              label="Sold at"
              name={field.name}
              options={venueOptions}
              value={field.value}
              onChange={field.onChange}
              errors={fieldErrors(form, 'sold_at_venue_ids')}
            />
          )}
        />
        <Controller
          control={control}
          name="access_venue_ids"
          render={({ field }) => (
            <CheckboxGroup
              label="Also gives access to"
              name={field.name}
              options={venueOptions}
              value={field.value}
              onChange={field.onChange}
              errors={fieldErrors(form, 'access_venue_ids')}
            />
          )}
        />
      </fieldset>

      <fieldset>
        <legend>Eligibility</legend>
        <CheckboxField label="Only some people may buy it" {...register('has_eligibility')} />
        {hasEligibility ? (
          <>
            <TextField
              label="Criterion"
              {...register('eligibility_name')}
              errors={fieldErrors(form, 'eligibility_name')}
            />
            <TextField
              label="Minimum age"
              type="number"
              {...register('min_age', numberField)}
              errors={fieldErrors(form, 'min_age')}
            />
            <TextField
              label="Maximum age"
              type="number"
              {...register('max_age', numberField)}
              errors={fieldErrors(form, 'max_age')}
            />
            <CheckboxField label="Proof needed" {...register('requires_document')} />
            <TextField
              label="Document types"
              hint="Separated by commas, e.g. Student ID card, Offer letter"
              {...register('document_types')}
              errors={fieldErrors(form, 'document_types')}
            />
          </>
        ) : null}
      </fieldset>

      <fieldset>
        <legend>Benefits</legend>
        {benefits.fields.map((benefit, index) => (
          <fieldset key={benefit.id} className="admin-subform">
            <legend>Benefit {index + 1}</legend>
            <TextField
              label="Benefit name"
              {...register(`benefits.${index}.name`)}
              errors={fieldErrors(form, `benefits.${index}.name`)}
            />
            <SelectField
              label="Kind"
              options={benefitKinds.map((kind) => ({ value: kind, label: kindLabels[kind] }))}
              {...register(`benefits.${index}.kind`)}
            />
            <TextField
              label="Uses"
              type="number"
              {...register(`benefits.${index}.total_uses`, numberField)}
              errors={fieldErrors(form, `benefits.${index}.total_uses`)}
            />
            <SelectField
              label="Per"
              placeholder="No period"
              options={benefitFrequencies.map((f) => ({ value: f, label: f }))}
              {...register(`benefits.${index}.frequency`, { setValueAs: (v) => (v === '' ? null : v) })}
            />
            <TextField
              label="Activity ID"
              type="number"
              {...register(`benefits.${index}.activity_id`, numberField)}
              errors={fieldErrors(form, `benefits.${index}.activity_id`)}
            />
            <TextField
              label="Discount (%)"
              type="number"
              {...register(`benefits.${index}.discount_percent`, numberField)}
              errors={fieldErrors(form, `benefits.${index}.discount_percent`)}
            />
            <Button variant="secondary" onClick={() => benefits.remove(index)}>
              Remove benefit {index + 1}
            </Button>
          </fieldset>
        ))}
        <Button
          variant="secondary"
          onClick={() =>
            benefits.append({
              name: '',
              kind: 'other',
              total_uses: null,
              frequency: null,
              description: null,
              activity_id: null,
              discount_percent: null,
            })
          }
        >
          Add benefit
        </Button>
      </fieldset>

      <fieldset>
        <legend>Membership management</legend>
        <CheckboxField label="Members may freeze it" {...register('freezable')} />
        <TextField
          label="Notice period (days)"
          type="number"
          min={0}
          {...register('cancellation_notice_days', { valueAsNumber: true })}
          errors={fieldErrors(form, 'cancellation_notice_days')}
        />
      </fieldset>

      <SaveBar
        status={save.status}
        message={save.message}
        busy={save.busy}
        label={type ? 'Save membership type' : 'Add membership type'}
      />
    </form>
  );
}
