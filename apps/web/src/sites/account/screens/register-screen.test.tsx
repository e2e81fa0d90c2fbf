import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDefaultHandlers, server, signIn, signOutCookie } from '../../../test/account/account-api';
import { findDialog } from '../../../test/dialogs';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** The texts an input's aria-describedby points at. */
function describedText(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const noTerms = () => server.use(http.get('/api/terms', () => HttpResponse.json({ data: [] })));

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Robin');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'robin@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '31/01/1990');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Title' }), 'Mx');
  await user.click(
    within(screen.getByRole('group', { name: 'What are you interested in?' })).getByRole('checkbox', {
      name: 'Gym',
    }),
  );
  await user.type(
    screen.getByRole('spinbutton', { name: 'How many times a week do you plan to visit?' }),
    '3',
  );
  await user.click(screen.getByRole('checkbox', { name: 'Send me news and offers by email' }));
  await user.type(screen.getByLabelText(/^Password/), 'Robin-Pass-1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Robin-Pass-1');
}

/** jsdom has no layout: give the terms region a height and a content height. */
function fakeTermsLayout(scrollHeight: number, clientHeight: number) {
  const isTerms = (element: Element) => element.hasAttribute('data-terms-scroll');
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
  const client = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isTerms(this) ? scrollHeight : (height?.get?.call(this) ?? 0);
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isTerms(this) ? clientHeight : (client?.get?.call(this) ?? 0);
  });
}

/** The API's one answer to a registration, for a new address or one in use alike. */
const registered = 'Thank you for registering. We have sent you an email: please check your inbox.';

describe('/register', () => {
  it('renders the sections as fieldsets, every field type, the required marker and hints', async () => {
    renderRoutes(accountRoutes, { path: '/register' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Personal details' })).toBeInTheDocument();
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    expect(firstName).toBeRequired();
    expect(firstName).toHaveAttribute('maxlength', '50');
    expect(firstName).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByText('0/50')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveAttribute(
      'placeholder',
      'DD/MM/YYYY',
    );
    expect(
      screen.getByRole('checkbox', { name: 'Send me news and offers by email' }),
    ).toHaveAccessibleDescription('You can change your mind at any time.');
    expect(screen.getByRole('textbox', { name: 'Membership card number' })).toBeDisabled();
  });

  it('shows the client messages inline, linked to their inputs', async () => {
    noTerms();
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await user.type(await screen.findByRole('textbox', { name: 'Date of birth' }), '31/02/1990');
    await user.type(screen.getByLabelText(/^Password/), 'weak');
    await user.type(screen.getByLabelText(/^Confirm password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      expect.stringContaining('First name is required.'),
    );
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Email address is required.')).toBeInTheDocument();
    expect(screen.getByText('Date must be valid.')).toBeInTheDocument();
    // The policy refuses on length; the spec's composition texts are a hint (decision 043-password-policy).
    expect(screen.getByText('Must contain at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();

    // A date after today is refused too.
    const date = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.clear(date);
    await user.type(date, '01/01/2999');
    expect(await screen.findByText('Date cannot be after today.')).toBeInTheDocument();
  });

  it('puts the server 422 messages under their inputs; a confirmation message under the confirm field', async () => {
    noTerms();
    server.use(
      http.post('/api/auth/customer/register', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: {
              email: ['Enter a valid email address.'],
              password: ['The password confirmation does not match.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await waitFor(() => expect(describedText(email)).toContain('Enter a valid email address.'));
    expect(describedText(screen.getByLabelText(/^Confirm password/))).toContain(
      'The password confirmation does not match.',
    );
    expect(screen.getByLabelText(/^Password/)).not.toHaveAttribute('aria-invalid');
  });

  it('shows a generic toast and scrolls to the top on other failures', async () => {
    noTerms();
    server.use(http.post('/api/auth/customer/register', () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Something has gone wrong, please try again.')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('keeps submit disabled until the terms are agreed, and I Agree until they are scrolled to the end', async () => {
    fakeTermsLayout(1000, 200);
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    const submit = await screen.findByRole('button', { name: 'Create account' });
    expect(submit).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await findDialog('Terms and Conditions');
    expect(await within(dialog).findByRole('heading', { name: 'Membership terms' })).toBeInTheDocument();
    const agree = within(dialog).getByRole('button', { name: 'I Agree' });
    expect(agree).toBeDisabled();

    const region = dialog.querySelector('[data-terms-scroll]') as HTMLElement;
    Object.defineProperty(region, 'scrollTop', { configurable: true, value: 500 });
    fireEvent.scroll(region);
    expect(agree).toBeDisabled();
    // Within 10 px of the end counts as the end.
    Object.defineProperty(region, 'scrollTop', { configurable: true, value: 791 });
    fireEvent.scroll(region);
    expect(agree).toBeEnabled();

    await user.click(agree);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'I agree to the Terms and Conditions' })).toBeChecked();
    expect(submit).toBeEnabled();
  });

  it('enables I Agree at once when the terms fit without scrolling', async () => {
    fakeTermsLayout(150, 200);
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    // Ticking the box opens the terms rather than skipping them.
    await user.click(await screen.findByRole('checkbox', { name: 'I agree to the Terms and Conditions' }));
    const dialog = await findDialog('Terms and Conditions');
    await within(dialog).findByRole('heading', { name: 'Privacy notice' });
    expect(within(dialog).getByRole('button', { name: 'I Agree' })).toBeEnabled();
  });

  it('shows a generic error in the terms modal when the terms fail to load', async () => {
    server.use(http.get('/api/terms', () => HttpResponse.json({}, { status: 500 })));
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await user.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await findDialog('Terms and Conditions');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Something has gone wrong, please try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'I Agree' })).toBeDisabled();
  });

  it('registers (201) with the answers, terms and checksum, logs in and goes to the dashboard', async () => {
    fakeTermsLayout(150, 200);
    let body: Record<string, unknown> = {};
    let query = '';
    let login: unknown;
    server.use(
      http.post('/api/auth/customer/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        query = new URL(request.url).search;
        return HttpResponse.json({ status: 'success', message: registered }, { status: 201 });
      }),
      http.post('/api/auth/customer/login', async ({ request }) => {
        login = await request.json();
        signIn();
        return HttpResponse.json({ token: 't', status: 'success' });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await fillValidForm(user);
    const submit = screen.getByRole('button', { name: 'Create account' });
    await user.click(screen.getByRole('button', { name: 'Terms and Conditions' }));
    await user.click(await screen.findByRole('button', { name: 'I Agree' }));
    await user.click(submit);

    expect(await screen.findByRole('heading', { level: 1, name: 'Account dashboard' })).toBeInTheDocument();
    expect(query).toBe('?onboarding_type=customer_account_online');
    expect(body).toEqual({
      title: 'Mx',
      first_name: 'Robin',
      date_of_birth: '1990-01-31',
      email: 'robin@example.com',
      interests: ['gym'],
      visits_per_week: 3,
      marketing_opt_in: true,
      client_id: 1,
      source: 'my-account',
      password: 'Robin-Pass-1',
      password_confirmation: 'Robin-Pass-1',
      terms: [1, 2],
      checksum: '0123456789abcdef0123456789abcdef',
    });
    expect(login).toEqual({ username: 'robin@example.com', password: 'Robin-Pass-1' });
  });

  it('after a 201 whose login fails (an address already in use), says to check the email and offers log in, naming no account', async () => {
    noTerms();
    server.use(
      http.post('/api/auth/customer/register', () =>
        HttpResponse.json({ status: 'success', message: registered }, { status: 201 }),
      ),
      http.post('/api/auth/customer/login', () =>
        HttpResponse.json({ message: 'These credentials do not match our records.' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/register' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Thank you for registering. We have sent you an email: please check your inbox.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/already exists/i)).not.toBeInTheDocument();
  });
});
