import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
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

/**
 * Monthly payment (direct debit): account holder, account number, sort code, the billing address
 * when collected, the direct debit terms and the authorisation box. Save and continue stays
 * disabled until all are valid; the server's field messages show until the field is edited.
 */
export function MonthlyPayment({ collectBillingAddress, initialHolder = '', onSaved }: MonthlyPaymentProps) {
  const { t } = useTranslation('flow');
  const terms = useMembershipTerms('direct_debit');
  const validate = useValidateDirectDebit();
  const [values, setValues] = useState<DirectDebitValues>({
    ...emptyValues,
    accountHolderName: initialHolder,
  });
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string[]>>>({});
  const [termsAccepted, setTermsAccepted] = useState<number[]>([]);
  const [authorised, setAuthorised] = useState(false);

  const clientErrors = validateDirectDebit(values, collectBillingAddress);
  const termsList = terms.data ?? [];
  const termsTicked = termsList.every((term) => termsAccepted.includes(term.id));
  const valid =
    Object.keys(clientErrors).length === 0 &&
    Object.keys(serverErrors).length === 0 &&
    termsTicked &&
    authorised &&
    !terms.isPending;

  function errorsOf(name: FieldName): string[] | undefined {
    const server = serverErrors[name];
    if (server?.length) return server;
    const message = touched[name] ? clientErrors[name] : undefined;
    return message ? [message] : undefined;
  }

  function field(name: FieldName) {
    return {
      value: values[name],
      errors: errorsOf(name),
      onChange: (event: { target: { value: string } }) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setServerErrors((current) => {
          const { [name]: _edited, ...rest } = current;
          return rest;
        });
      },
      onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    };
  }

  async function save() {
    try {
      const account = await validate.mutateAsync({
        account_holder_name: values.accountHolderName.trim(),
        account_number: digitsOf(values.accountNumber),
        sort_code: digitsOf(values.sortCode),
        ...(collectBillingAddress
          ? {
              billing_address_line_1: values.billingAddressLineOne.trim(),
              billing_address_line_2: values.billingAddressLineTwo.trim() || null,
              billing_address_city: values.billingCity.trim(),
              billing_address_postcode: values.billingPostcode.trim(),
            }
          : {}),
      });
      onSaved(account, termsList.length > 0);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.wireErrors).length) {
        const next: Partial<Record<FieldName, string[]>> = {};
        const unplaced: string[] = [];
        for (const [key, messages] of Object.entries(error.wireErrors)) {
          const name = serverFieldNames[key];
          if (name) next[name] = messages;
          else unplaced.push(...messages);
        }
        setServerErrors(next);
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
        if (valid) void save();
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
        <TermsCheckboxes terms={termsList} accepted={termsAccepted} onChange={setTermsAccepted} />
      )}
      <CheckboxField
        label={t('payment.authorise')}
        required
        checked={authorised}
        onChange={(event) => setAuthorised(event.target.checked)}
      />
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
