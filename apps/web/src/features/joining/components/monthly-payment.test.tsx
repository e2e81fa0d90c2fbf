import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { installMockApi } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import { MonthlyPayment } from './monthly-payment';

installMockApi();

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Address line 1/ }), '1 High Street');
  await user.type(screen.getByRole('textbox', { name: /City/ }), 'Leeds');
  await user.type(screen.getByRole('textbox', { name: /Postcode/ }), 'LS1 4AP');
}

it('keeps Save and continue disabled until the details are valid, the terms ticked and the box authorised', async () => {
  const user = userEvent.setup();
  const onSaved = vi.fn();
  renderElement(<MonthlyPayment collectBillingAddress onSaved={onSaved} />, { site: 'joining' });
  const save = screen.getByRole('button', { name: 'Save and continue' });
  const holder = screen.getByRole('textbox', { name: /Account holder name/ });
  const account = screen.getByRole('textbox', { name: /Account number/ });
  const sortCode = screen.getByRole('textbox', { name: /Sort code/ });
  expect(save).toBeDisabled();

  await user.type(holder, 'A');
  await user.type(account, '1234');
  await user.type(sortCode, '12-34');
  await user.tab();
  expect(screen.getByText('Account holder name must be longer than 1 character.')).toBeVisible();
  expect(screen.getByText('Account number must be numeric and at least 8 characters.')).toBeVisible();
  expect(screen.getByText('Sort code must be 6 digits.')).toBeVisible();

  await user.type(holder, 'lex Morgan');
  await user.clear(account);
  await user.type(account, '55779911');
  await user.clear(sortCode);
  await user.type(sortCode, '20-00-00');
  await fillAddress(user);
  expect(save).toBeDisabled();
  await user.click(await screen.findByRole('checkbox', { name: /I agree to the Direct Debit Guarantee/ }));
  expect(save).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: /I am the account holder/ }));
  expect(save).toBeEnabled();
  expect(screen.getByRole('link', { name: /GoCardless privacy notice/ })).toHaveAttribute(
    'href',
    'https://gocardless.com/privacy/',
  );

  await user.click(save);
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  expect(onSaved.mock.calls[0]?.[0]).toMatchObject({
    accountHolderName: 'Alex Morgan',
    accountNumberMasked: '******11',
    detailsToken: 'mock-details-token',
  });
});

it('shows the server field errors until the field is edited', async () => {
  const user = userEvent.setup();
  const onSaved = vi.fn();
  renderElement(<MonthlyPayment collectBillingAddress onSaved={onSaved} />, { site: 'joining' });
  await user.type(screen.getByRole('textbox', { name: /Account holder name/ }), 'Alex Morgan');
  const account = screen.getByRole('textbox', { name: /Account number/ });
  await user.type(account, '12345678');
  await user.type(screen.getByRole('textbox', { name: /Sort code/ }), '200000');
  await fillAddress(user);
  await user.click(await screen.findByRole('checkbox', { name: /I agree to the Direct Debit Guarantee/ }));
  await user.click(screen.getByRole('checkbox', { name: /I am the account holder/ }));
  const save = screen.getByRole('button', { name: 'Save and continue' });
  await user.click(save);

  expect(await screen.findByText('Please check your account number and sort code.')).toBeVisible();
  expect(account).toHaveAttribute('aria-invalid', 'true');
  expect(save).toBeDisabled();
  expect(onSaved).not.toHaveBeenCalled();

  await user.clear(account);
  await user.type(account, '55779911');
  expect(screen.queryByText('Please check your account number and sort code.')).not.toBeInTheDocument();
  expect(save).toBeEnabled();
});
