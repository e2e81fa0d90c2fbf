import { zodResolver } from '@hookform/resolvers/zod';
import { type SavedCardUpdateRequest, zSavedCardUpdateRequest } from '@leisure/contract/payments';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
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

const fieldNames = new Set<string>(fields.map((field) => field.name));

/**
 * The billing details of the saved card, the only part that can change. Save changes stays disabled
 * until every field is valid (joining-and-payments.md 5); a field's message shows once it is left.
 */
export function BillingForm({ card }: { card: SavedCard }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.manageCard' });
  const update = useUpdateSavedCard();
  const form = useForm<SavedCardUpdateRequest>({
    defaultValues: {
      first_name: card.firstName,
      last_name: card.lastName,
      address_line_1: card.addressLine1,
      address_line_2: card.addressLine2,
      city: card.city,
      post_code: card.postCode,
    },
    // A field's message shows once it is left, then follows each keystroke.
    mode: 'onTouched',
    // The details are sent as typed; the server normalises them.
    resolver: zodResolver(zSavedCardUpdateRequest, undefined, { raw: true }),
  });
  // Worked out as the user types (not after the resolver's round), so Save is right on every render.
  const valid = zSavedCardUpdateRequest.safeParse(useWatch({ control: form.control })).success;

  const submit = form.handleSubmit((values) => {
    update.mutate(
      { id: card.id, billing: values },
      {
        onSuccess: () => notify.success(t('saved')),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            showServerErrors(error, form.setError, (wireName) =>
              fieldNames.has(wireName) ? (wireName as Field) : undefined,
            );
          }
          notify.error(t('error'));
        },
      },
    );
  });

  return (
    <form className="form billing-form" onSubmit={submit} noValidate aria-labelledby="billing-title">
      <h2 id="billing-title">{t('billing')}</h2>
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={t(field.label)}
          autoComplete={field.autoComplete}
          required={field.name !== 'address_line_2'}
          errors={messagesOf(form.formState.errors[field.name])}
          // A server message goes once the field is edited.
          {...form.register(field.name, { onChange: () => form.clearErrors(field.name) })}
        />
      ))}
      <Button type="submit" disabled={!valid} busy={update.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
