import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { LoginModal as LoginModalSlot } from '../../../shared/session/login-modal-slot';
import { installDefaultHandlers, server, signIn, signOutCookie } from '../../../test/account/account-api';
import { findDialog } from '../../../test/dialogs';
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
  const dialog = await findDialog('Log in');
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

it("shows the server's 422 field errors in red under each input, not in a toast", async () => {
  server.use(
    http.post('/api/auth/customer/login', () =>
      HttpResponse.json(
        { message: 'Required', errors: { username: ['Required'], password: ['Required'] } },
        { status: 422 },
      ),
    ),
  );
  const user = userEvent.setup();
  renderElement(<Harness />);
  const dialog = await findDialog('Log in');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  const username = within(dialog).getByLabelText(/^Email address or customer ID/);
  const password = within(dialog).getByLabelText(/^Password/);
  await waitFor(() => expect(username).toHaveAccessibleDescription('Required'));
  expect(password).toHaveAccessibleDescription('Required');
  expect(username).toHaveAttribute('aria-invalid', 'true');
  expect(username).toHaveFocus();
  // Each message sits under its input in the red field-error list.
  const messages = within(dialog).getAllByText('Required');
  expect(messages).toHaveLength(2);
  for (const message of messages) expect(message.closest('.field-errors')).not.toBeNull();
  expect(screen.queryByText('Validation errors')).not.toBeInTheDocument();
  expect(screen.getByText('modal open')).toBeInTheDocument();
});

it("shows bad credentials (401) in the server's words and keeps the modal open", async () => {
  server.use(
    http.post('/api/auth/customer/login', () =>
      HttpResponse.json({ message: 'These credentials do not match our records.' }, { status: 401 }),
    ),
  );
  const user = userEvent.setup();
  renderElement(<Harness />);
  const dialog = await findDialog('Log in');
  await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'member@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'wrong');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
  expect(screen.getByText('modal open')).toBeInTheDocument();
});

/** A page with a control that opens the site's login modal (the shell's slot, as the header and 'Book now' use it). */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the login
      </button>
      <LoginModalSlot open={open} onOpenChange={setOpen} />
    </>
  );
}

it('gives the focus back to the control that opened it: Escape, the close button, a login', async () => {
  server.use(
    http.post('/api/auth/customer/login', () => {
      signIn();
      return HttpResponse.json({ token: 't', status: 'success' });
    }),
  );
  const user = userEvent.setup();
  renderElement(<Opener />);
  const opener = await screen.findByRole('button', { name: 'Open the login' });

  await user.click(opener);
  let dialog = await findDialog('Log in');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());

  await user.click(opener);
  dialog = await findDialog('Log in');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());

  await user.click(opener);
  dialog = await findDialog('Log in');
  await user.type(within(dialog).getByLabelText(/^Email address or customer ID/), 'member@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'Member-Pass-1');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(opener).toHaveFocus());
});
