import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../shared/api/client';
import { addIssues, messagesOf } from '../../../shared/forms/field-errors';
import { showServerErrors } from '../../../shared/forms/server-errors';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/checkbox-field';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { TextField } from '../../../shared/ui/text-field';
import { notify } from '../../../shared/ui/toast';
import { useMembershipTerms } from '../api/get-membership-terms';
import { useValidateDirectDebit, type ValidatedBankAccount } from '../api/validate-direct-debit';
import { type DirectDebitValues, digitsOf, validateDirectDebit } from '../lib/direct-debit-rules';
import { TermsCheckboxes } from './terms-checkboxes';

/** The direct debit provider's privacy notice (the provider is go_cardless). */
export const goCardlessPrivacyUrl = 'https://gocardless.com/privacy/';

export interface MonthlyPaymentProps {
  /** Billing address line one, city and postcode are asked for when the operator collects them. */
  collectBillingAddress: boolean;
  initialHolder?: string;
  onSaved: (account: ValidatedBankAccount, ddTermsAccepted: boolean) => void;
}

const emptyValues: DirectDebitValues = {
  accountHolderName: '',
  accountNumber: '',
  sortCode: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

type FieldName = keyof DirectDebitValues;

/** The server's (wire) field names mapped to this form's fields. */
const serverFieldNames: Record<string, FieldName> = {
  account_holder_name: 'accountHolderName',
  account_number: 'accountNumber',
  sort_code: 'sortCode',
  billing_address_line_1: 'billingAddressLineOne',
  billing_address_line_2: 'billingAddressLineTwo',
  billing_address_city: 'billingCity',
  billing_address_postcode: 'billingPostcode',
};

/** The form: the bank details (the spec's rules, lib/direct-debit-rules.ts), the ticked terms and the box. */
interface MonthlyPaymentValues extends DirectDebitValues {
  termsAccepted: number[];
  authorised: boolean;
}

function monthlyPaymentSchema(collectBillingAddress: boolean) {
  return z
    .object({
      accountHolderName: z.string(),
      accountNumber: z.string(),
      sortCode: z.string(),
      billingAddressLineOne: z.string(),
      billingAddressLineTwo: z.string(),
      billingCity: z.string(),
      billingPostcode: z.string(),
      termsAccepted: z.array(z.number()),
      authorised: z.boolean(),
    })
    .superRefine((values, ctx) => {
      for (const [name, message] of Object.entries(validateDirectDebit(values, collectBillingAddress))) {
        addIssues(ctx, [name], [message]);
      }
    });
}

/**
 * Monthly payment (direct debit): account holder, account number, sort code, the billing address
 * when collected, the direct debit terms and the authorisation box. Save and continue stays
 * disabled until all are valid; a field's message shows once it is left, and the server's field
 * messages show until the field is edited.
 */
export function MonthlyPayment({ collectBillingAddress, initialHolder = '', onSaved }: MonthlyPaymentProps) {
  const { t } = useTranslation('flow');
  const terms = useMembershipTerms('direct_debit');
  const validate = useValidateDirectDebit();
  const schema = monthlyPaymentSchema(collectBillingAddress);
  const form = useForm<MonthlyPaymentValues>({
    defaultValues: { ...emptyValues, accountHolderName: initialHolder, termsAccepted: [], authorised: false },
    // A field's message shows once it is left, then follows each keystroke.
    mode: 'onTouched',
    resolver: zodResolver(schema),
  });
  const values = useWatch({ control: form.control }) as MonthlyPaymentValues;
  const { errors } = form.formState;

  const termsList = terms.data ?? [];
  const termsTicked = termsList.every((term) => values.termsAccepted.includes(term.id));
  // Worked out from the values as typed, so the button is right on every render; a server
  // message (an error on a field the rules accept) keeps it disabled until that field is edited.
  const valid =
    schema.safeParse(values).success &&
    Object.keys(errors).length === 0 &&
    termsTicked &&
    values.authorised &&
    !terms.isPending;

  function field(name: FieldName) {
    return {
      errors: messagesOf(errors[name]),
      // A server message goes once the field is edited.
      ...form.register(name, { onChange: () => form.clearErrors(name) }),
    };
  }

  async function save(submitted: MonthlyPaymentValues) {
    try {
      const account = await validate.mutateAsync({
        account_holder_name: submitted.accountHolderName.trim(),
        account_number: digitsOf(submitted.accountNumber),
        sort_code: digitsOf(submitted.sortCode),
        ...(collectBillingAddress
          ? {
              billing_address_line_1: submitted.billingAddressLineOne.trim(),
              billing_address_line_2: submitted.billingAddressLineTwo.trim() || null,
              billing_address_city: submitted.billingCity.trim(),
              billing_address_postcode: submitted.billingPostcode.trim(),
            }
          : {}),
      });
      onSaved(account, termsList.length > 0);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.wireErrors).length) {
        const unplaced = showServerErrors(error, form.setError, (wireName) => serverFieldNames[wireName]);
        if (unplaced.length) notify.validation(unplaced);
      } else {
        notify.error(error instanceof ApiError ? error.message : t('joining.genericError'));
      }
    }
  }

  return (
    <form
      className="form joining-direct-debit"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void form.handleSubmit(save)();
      }}
    >
      <TextField
        label={t('payment.accountHolder')}
        required
        autoComplete="name"
        {...field('accountHolderName')}
      />
      <TextField
        label={t('payment.accountNumber')}
        required
        inputMode="numeric"
        autoComplete="off"
        hint={t('payment.accountNumberHint')}
        {...field('accountNumber')}
      />
      <TextField
        label={t('payment.sortCode')}
        required
        inputMode="numeric"
        autoComplete="off"
        hint={t('payment.sortCodeHint')}
        {...field('sortCode')}
      />
      {collectBillingAddress ? (
        <fieldset className="form-section">
          <legend className="form-section-title">{t('payment.billingAddress')}</legend>
          <TextField
            label={t('payment.addressLineOne')}
            required
            autoComplete="address-line1"
            {...field('billingAddressLineOne')}
          />
          <TextField
            label={t('payment.addressLineTwo')}
            autoComplete="address-line2"
            {...field('billingAddressLineTwo')}
          />
          <TextField
            label={t('payment.city')}
            required
            autoComplete="address-level2"
            {...field('billingCity')}
          />
          <TextField
            label={t('payment.postcode')}
            required
            autoComplete="postal-code"
            {...field('billingPostcode')}
          />
        </fieldset>
      ) : null}
      {terms.isPending ? (
        <PageSpinner />
      ) : (
        <TermsCheckboxes
          terms={termsList}
          accepted={values.termsAccepted}
          onChange={(accepted) => form.setValue('termsAccepted', accepted)}
        />
      )}
      <CheckboxField label={t('payment.authorise')} required {...form.register('authorised')} />
      <p className="field-hint">
        {t('payment.privacyIntro')}{' '}
        <a href={goCardlessPrivacyUrl} target="_blank" rel="noopener noreferrer">
          {t('payment.privacyLink')}
          <span className="visually-hidden"> {t('joining.opensInNewTab')}</span>
        </a>
      </p>
      <div className="form-actions">
        <Button type="submit" disabled={!valid} busy={validate.isPending} busyText={t('joining.processing')}>
          {t('payment.saveAndContinue')}
        </Button>
      </div>
    </form>
  );
}
