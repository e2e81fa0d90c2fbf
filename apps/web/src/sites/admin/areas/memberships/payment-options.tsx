import { type AdminPaymentOption, fixedPeriods } from '@leisure/contract/admin/memberships';
import { z } from 'zod';
import {
  paths,
  useChangePaymentOption,
  usePaymentOptions,
} from '../../../../features/admin-memberships/api/memberships-api';
import { adminApi, useAdminMutation } from '../../../../shared/api/admin-api';
import { Button } from '../../../../shared/ui/button';
import { CheckboxField } from '../../../../shared/ui/checkbox-field';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { AuditHistoryLink } from '../../kit/audit-history';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from '../../kit/form';
import { formatPounds, optionalNumber, toPence, toPounds, zPounds } from './money';

const zOptionForm = z
  .object({
    name: z.string().trim().min(1, 'Required').max(80),
    payment_type: z.enum(['recurring', 'fixed']),
    base_fee: zPounds,
    joining_fee: zPounds,
    month_in_hand: z.boolean(),
    fixed_duration: z.number().int().min(1, 'At least 1').max(120).nullable(),
    fixed_period: z.enum(fixedPeriods).nullable(),
  })
  .refine((o) => o.payment_type !== 'fixed' || (o.fixed_duration !== null && o.fixed_period !== null), {
    message: 'A single payment needs its duration',
    path: ['fixed_duration'],
  });

const paymentTypeLabels = { recurring: 'Monthly (direct debit)', fixed: 'Single payment' } as const;

function describe(option: AdminPaymentOption): string {
  const base =
    option.payment_type === 'recurring'
      ? `${formatPounds(option.base_fee)} a month`
      : `${formatPounds(option.base_fee)} for ${option.fixed_duration} ${option.fixed_period}(s)`;
  return option.joining_fee > 0 ? `${base}, joining fee ${formatPounds(option.joining_fee)}` : base;
}

const zPriceForm = z.object({ base_fee: zPounds, joining_fee: zPounds });

/** Changes an option's fees (new purchases only; members keep what they pay). */
function PriceForm({ typeId, option }: { typeId: string; option: AdminPaymentOption }) {
  const change = useChangePaymentOption(typeId);
  const form = useAdminForm(zPriceForm, {
    base_fee: toPounds(option.base_fee),
    joining_fee: toPounds(option.joining_fee),
  });
  const save = useSaveForm(
    form,
    (values) =>
      change.mutateAsync({
        id: option.id,
        body: { base_fee: toPence(values.base_fee), joining_fee: toPence(values.joining_fee) },
      }),
    { savedMessage: 'Price saved. It applies to new purchases.' },
  );
  return (
    <form onSubmit={save.onSubmit} noValidate className="admin-form" aria-label={`Price of ${option.name}`}>
      <TextField
        label={`${option.name}: ${option.payment_type === 'fixed' ? 'price' : 'monthly fee'} (£)`}
        inputMode="decimal"
        {...form.register('base_fee')}
        errors={fieldErrors(form, 'base_fee')}
      />
      <TextField
        label={`${option.name}: joining fee (£)`}
        inputMode="decimal"
        {...form.register('joining_fee')}
        errors={fieldErrors(form, 'joining_fee')}
      />
      <SaveBar
        status={save.status}
        message={save.message}
        busy={save.busy}
        label={`Save price of ${option.name}`}
      />
    </form>
  );
}

/** A type's payment options: the list (withdraw or offer again) and a form to add one. */
export function PaymentOptions({ typeId }: { typeId: string }) {
  const options = usePaymentOptions(typeId);
  const change = useChangePaymentOption(typeId);
  const add = useAdminMutation({
    call: (body: Record<string, unknown>) => adminApi.post<AdminPaymentOption>(paths.options(typeId), body),
    invalidates: [paths.options(typeId), paths.types],
  });
  const form = useAdminForm(zOptionForm, {
    name: '',
    payment_type: 'recurring',
    base_fee: '',
    joining_fee: '0',
    month_in_hand: true,
    fixed_duration: null,
    fixed_period: null,
  });
  const save = useSaveForm(
    form,
    (values) =>
      add.mutateAsync({
        ...values,
        base_fee: toPence(values.base_fee),
        joining_fee: toPence(values.joining_fee),
        position: options.data?.data.length ?? 0,
      }),
    { savedMessage: 'Payment option added.', onSaved: () => form.reset() },
  );
  const fixed = form.watch('payment_type') === 'fixed';

  return (
    <section aria-labelledby="payment-options-heading">
      <h2 id="payment-options-heading">Payment options</h2>
      <p>A new price applies to new purchases only: existing members keep what they pay.</p>
      {options.data?.data.length ? (
        <ul className="admin-items">
          {options.data.data.map((option) => (
            <li key={option.id}>
              <strong>{option.name}</strong> – {paymentTypeLabels[option.payment_type]}: {describe(option)}
              {option.active ? '' : ' (withdrawn)'}{' '}
              <Button
                variant="secondary"
                onClick={() => change.mutate({ id: option.id, body: { active: !option.active } })}
              >
                {option.active ? `Withdraw ${option.name}` : `Offer ${option.name} again`}
              </Button>{' '}
              <AuditHistoryLink entityType="membership-payment-option" entityId={option.id}>
                History of {option.name}
              </AuditHistoryLink>
              <PriceForm key={`${option.base_fee}-${option.joining_fee}`} typeId={typeId} option={option} />
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{options.isPending ? 'Loading…' : 'No payment options yet.'}</p>
      )}

      <form onSubmit={save.onSubmit} noValidate className="admin-form" aria-labelledby="add-option-heading">
        <h3 id="add-option-heading">Add a payment option</h3>
        <TextField
          label="Option name"
          required
          {...form.register('name')}
          errors={fieldErrors(form, 'name')}
        />
        <SelectField
          label="Payment type"
          options={[
            { value: 'recurring', label: paymentTypeLabels.recurring },
            { value: 'fixed', label: paymentTypeLabels.fixed },
          ]}
          {...form.register('payment_type')}
        />
        <TextField
          label={fixed ? 'Price (£)' : 'Monthly fee (£)'}
          inputMode="decimal"
          required
          {...form.register('base_fee')}
          errors={fieldErrors(form, 'base_fee')}
        />
        <TextField
          label="Joining fee (£)"
          inputMode="decimal"
          {...form.register('joining_fee')}
          errors={fieldErrors(form, 'joining_fee')}
        />
        {fixed ? (
          <>
            <TextField
              label="Duration"
              type="number"
              min={1}
              {...form.register('fixed_duration', { setValueAs: optionalNumber })}
              errors={fieldErrors(form, 'fixed_duration')}
            />
            <SelectField
              label="Duration unit"
              placeholder="Choose"
              options={fixedPeriods.map((p) => ({ value: p, label: `${p}s` }))}
              {...form.register('fixed_period', { setValueAs: (v) => (v === '' ? null : v) })}
              errors={fieldErrors(form, 'fixed_period')}
            />
          </>
        ) : (
          <CheckboxField
            label="Take the first full month up front (pro-rata to the billing day besides)"
            {...form.register('month_in_hand')}
          />
        )}
        <SaveBar status={save.status} message={save.message} busy={save.busy} label="Add payment option" />
      </form>
    </section>
  );
}
