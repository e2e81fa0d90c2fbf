import { type SavedCardUpdateRequest, zSavedCardUpdateRequest } from '@leisure/contract/payments';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import type { SavedCard } from '../api/get-saved-cards';
import { useUpdateSavedCard } from '../api/update-saved-card';

type Field = keyof Required<SavedCardUpdateRequest>;
const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'first_name', label: 'firstName', autoComplete: 'billing given-name' },
  { name: 'last_name', label: 'lastName', autoComplete: 'billing family-name' },
  { name: 'address_line_1', label: 'addressLine1', autoComplete: 'billing address-line1' },
  { name: 'address_line_2', label: 'addressLine2', autoComplete: 'billing address-line2' },
  { name: 'city', label: 'city', autoComplete: 'billing address-level2' },
  { name: 'post_code', label: 'postCode', autoComplete: 'billing postal-code' },
];

function errorsOf(values: Record<Field, string>): Partial<Record<Field, string[]>> {
  const parsed = zSavedCardUpdateRequest.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<Field, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as Field;
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/**
 * The billing details of the saved card, the only part that can change. Save changes stays disabled
 * until every field is valid (joining-and-payments.md 5); a field's message shows once it is left.
 */
export function BillingForm({ card }: { card: SavedCard }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.manageCard' });
  const update = useUpdateSavedCard();
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: card.firstName,
    last_name: card.lastName,
    address_line_1: card.addressLine1,
    address_line_2: card.addressLine2,
    city: card.city,
    post_code: card.postCode,
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const errors = errorsOf(values);
  const valid = Object.keys(errors).length === 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    update.mutate(
      { id: card.id, billing: values },
      {
        onSuccess: () => {
          setServerErrors({});
          notify.success(t('saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) setServerErrors(error.wireErrors);
          notify.error(t('error'));
        },
      },
    );
  };

  return (
    <form className="form billing-form" onSubmit={submit} noValidate aria-labelledby="billing-title">
      <h2 id="billing-title">{t('billing')}</h2>
      {fields.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={t(field.label)}
          autoComplete={field.autoComplete}
          required={field.name !== 'address_line_2'}
          value={values[field.name]}
          errors={[
            ...(touched[field.name] ? (errors[field.name] ?? []) : []),
            ...(serverErrors[field.name] ?? []),
          ]}
          onChange={(event) => {
            const value = event.target.value;
            setValues((current) => ({ ...current, [field.name]: value }));
            setServerErrors(({ [field.name]: _dropped, ...rest }) => rest);
          }}
          onBlur={() => setTouched((current) => ({ ...current, [field.name]: true }))}
        />
      ))}
      <Button type="submit" disabled={!valid} busy={update.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
