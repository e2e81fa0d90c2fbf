import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { installDefaultHandlers, server, signIn, signOutCookie } from '../../../test/account/account-api';
import { renderElement } from '../../../test/render';
import { LoginModal } from './login-modal';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => installDefaultHandlers());
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'modal open' : 'modal closed'}</p>
      <LoginModal open={open} onOpenChange={setOpen} />
    </>
  );
}

it('logs in inside the modal and closes it; links go to the account site', async () => {
  server.use(
    http.post('/api/auth/customer/login', () => {
      signIn();
      return HttpResponse.json({ token: 't', status: 'success' });
    }),
  );
  const user = userEvent.setup();
  renderElement(<Harness />);
  const dialog = await screen.findByRole('dialog', { name: 'Log in' });
  expect(within(dialog).getByRole('link', { name: 'Forgotten your password?' })).toHaveAttribute(
    'href',
    '/account/login?showForgotPassword=true',
  );
  expect(within(dialog).getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    '/account/register',
  );
  await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'member@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'Member-Pass-1');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByText('modal closed')).toBeInTheDocument();
});
