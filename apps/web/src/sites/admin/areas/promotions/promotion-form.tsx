import type { PromotionPaymentOption } from '@leisure/contract/admin/promotions';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type {
  PromotionFormInput,
  PromotionFormValues,
} from '../../../../features/admin-promotions/promotion-form-values';
import { CheckboxGroup } from '../../../../shared/ui/checkbox-group';
import { SelectField } from '../../../../shared/ui/select-field';
import { TextField } from '../../../../shared/ui/text-field';
import { fieldErrors } from '../../kit';

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

function optionLabel(option: PromotionPaymentOption): string {
  const kind = option.payment_type === 'recurring' ? 'monthly' : 'paid in full';
  const joining = option.joining_fee > 0 ? `, joining fee ${pounds(option.joining_fee)}` : '';
  return `${option.membership_type_name} – ${option.name} (${kind}, ${pounds(option.base_fee)}${joining})`;
}

/** The fields of a promotion, for adding one and for changing it. */
export function PromotionFields({
  form,
  options,
}: {
  form: UseFormReturn<PromotionFormInput, unknown, PromotionFormValues>;
  options: PromotionPaymentOption[];
}) {
  const kind = form.watch('discount_kind');
  const appliesTo = form.watch('applies_to');
  return (
    <div className="admin-form-fields">
      <TextField
        label="Code"
        hint="What the customer types when joining. Letters, digits, hyphens and underscores; case does not matter."
        autoComplete="off"
        {...form.register('code')}
        errors={fieldErrors(form, 'code')}
      />
      <TextField label="Name" {...form.register('name')} errors={fieldErrors(form, 'name')} />
      <TextField
        label="Description"
        hint="For staff only; customers do not see it."
        {...form.register('description')}
        errors={fieldErrors(form, 'description')}
      />
      <SelectField
        label="Discount type"
        options={[
          { value: 'percentage', label: 'Percentage' },
          { value: 'fixed', label: 'Fixed amount' },
        ]}
        {...form.register('discount_kind')}
        errors={fieldErrors(form, 'discount_kind')}
      />
      <TextField
        label={kind === 'percentage' ? 'Discount (%)' : 'Discount (£)'}
        inputMode="decimal"
        {...form.register('discount_value')}
        errors={fieldErrors(form, 'discount_value')}
      />
      <SelectField
        label="Applies to"
        options={[
          { value: 'joining_fee', label: 'Joining fee' },
          { value: 'first_months', label: 'First monthly payments' },
        ]}
        {...form.register('applies_to')}
        errors={fieldErrors(form, 'applies_to')}
      />
      {appliesTo === 'first_months' ? (
        <TextField
          label="Number of monthly payments"
          inputMode="numeric"
          {...form.register('months')}
          errors={fieldErrors(form, 'months')}
        />
      ) : null}
      <TextField
        label="Valid from"
        type="date"
        hint="The first day the code works (the operator's time zone). Empty: from now."
        {...form.register('valid_from')}
        errors={fieldErrors(form, 'valid_from')}
      />
      <TextField
        label="Valid until"
        type="date"
        hint="The last day the code works. Empty: until it is ended."
        {...form.register('valid_to')}
        errors={fieldErrors(form, 'valid_to')}
      />
      <TextField
        label="Usage limit"
        inputMode="numeric"
        hint="How many memberships may use the code. Empty: no limit."
        {...form.register('usage_limit')}
        errors={fieldErrors(form, 'usage_limit')}
      />
      <Controller
        control={form.control}
        name="payment_option_ids"
        render={({ field }) => (
          <CheckboxGroup
            label="Payment options"
            hint="Tick none to offer the code on every payment option it fits."
            name={field.name}
            options={options.map((option) => ({ value: String(option.id), label: optionLabel(option) }))}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={fieldErrors(form, 'payment_option_ids')}
          />
        )}
      />
    </div>
  );
}
