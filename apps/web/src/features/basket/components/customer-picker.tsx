import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCartOwner } from '../../../shared/cart/cart-owner';
import { Button } from '../../../shared/ui/button';
import { customerSearchMinLength, useCustomerSearch } from '../api/search-customers';

/**
 * Front of house: the customer whose basket the staff user works on. Every cart and checkout call
 * then names them as `selected_user_id`. Shown only to staff users.
 */
export function CustomerPicker() {
  const { t } = useTranslation('bookings');
  const owner = useCartOwner();
  const [changing, setChanging] = useState(false);
  // A live search: no rules and nothing to submit, so no resolver (the call trims and waits for 2 characters).
  const form = useForm({ defaultValues: { term: '' } });
  const term = useWatch({ control: form.control, name: 'term' });
  const searchId = useId();
  const resultsId = useId();
  const search = useCustomerSearch(term);

  if (!owner.isFrontOfHouse) return null;

  if (owner.customer && !changing) {
    const { customer } = owner;
    return (
      <section className="customer-picker" aria-labelledby={`${searchId}-title`}>
        <h2 id={`${searchId}-title`} className="customer-picker-title">
          {t('foh.customer')}
        </h2>
        <p className="customer-picker-selected">
          {t('foh.servingCustomer', {
            name: `${customer.firstName} ${customer.lastName}`,
            reference: customer.reference ?? customer.email,
          })}
        </p>
        <Button variant="secondary" className="btn-small" onClick={() => setChanging(true)}>
          {t('foh.change')}
        </Button>
      </section>
    );
  }

  const results = search.data?.data ?? [];
  const trimmed = term.trim();
  return (
    <section className="customer-picker" aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`} className="customer-picker-title">
        {t('foh.chooseCustomer')}
      </h2>
      <form onSubmit={(event) => event.preventDefault()} className="field">
        <label htmlFor={searchId} className="field-label">
          {t('foh.search')}
        </label>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          {...form.register('term')}
          aria-describedby={`${searchId}-hint`}
          aria-controls={resultsId}
        />
        <p id={`${searchId}-hint`} className="field-hint">
          {t('foh.searchHint')}
        </p>
      </form>
      <div id={resultsId} aria-live="polite">
        {trimmed.length < customerSearchMinLength ? null : search.isError ? (
          <p role="alert" className="form-error">
            {t('foh.searchFailed')}
          </p>
        ) : search.isPending || (search.isPlaceholderData && results.length === 0) ? (
          // The last term's empty answer, kept while this one loads, is not this term's answer.
          <p role="status">{t('foh.searching')}</p>
        ) : results.length === 0 ? (
          <p>{t('foh.noCustomers')}</p>
        ) : (
          <ul className="customer-results" aria-label={t('foh.results')}>
            {results.map((customer) => (
              <li key={customer.id}>
                <span>
                  {customer.firstName} {customer.lastName}
                  {customer.reference ? ` (${customer.reference})` : ''}, {customer.email}
                  {customer.postcode ? `, ${customer.postcode}` : ''}
                </span>{' '}
                <Button
                  variant="secondary"
                  className="btn-small"
                  aria-label={t('foh.selectNamed', { name: `${customer.firstName} ${customer.lastName}` })}
                  onClick={() => {
                    owner.selectCustomer(customer);
                    setChanging(false);
                    form.setValue('term', '');
                  }}
                >
                  {t('foh.select')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {owner.customer ? (
        <Button variant="link" onClick={() => setChanging(false)}>
          {t('foh.keep')}
        </Button>
      ) : null}
    </section>
  );
}
