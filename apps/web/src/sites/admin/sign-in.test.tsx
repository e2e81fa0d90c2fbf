import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  mockAdmin,
  mockInvitationToken,
  mockNewStaffEmail,
  mockRecoveryCode,
  mockStaffPassword,
  mockTotpCode,
  resetAdminMock,
} from '../../mocks/admin-handlers';
import { installMockApi } from '../../test/mock-api';
import { renderAdmin } from './kit/testing';
import { consoleRoutes } from './routes';

const server = installMockApi();
beforeEach(() => resetAdminMock());

async function signInWith(email: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), email);
  await userEvent.type(screen.getByLabelText(/^Password/), mockStaffPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in to the console', () => {
  it('sends a visitor to sign-in; the first sign-in enrols the authenticator, shows the recovery codes once, then goes where they were going', async () => {
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/staff' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
    expect(document.title).toBe('Sign in – Console');

    await signInWith(mockNewStaffEmail);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-step verification' }),
    ).toHaveFocus();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const code = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right. Try the newest code.')).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(code);
    await userEvent.type(code, mockTotpCode);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Save your recovery codes' })).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Recovery codes' })).toHaveTextContent(mockRecoveryCode);

    await userEvent.click(screen.getByRole('button', { name: 'I have saved these' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff users' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/staff');
  });

  it('verifies with a code from the app; a wrong code is said at the field', async () => {
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/sign-in' });
    await signInWith('alex.admin@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your verification code' }),
    ).toBeInTheDocument();
    const code = screen.getByRole('textbox', { name: /Code from your authenticator app/ });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not right. Try the newest code.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, mockTotpCode);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('verifies with a recovery code instead', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/sign-in' });
    await signInWith('alex.admin@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: /Recovery code/ });
    await userEvent.type(field, 'WRONG-CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That recovery code is not right.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, mockRecoveryCode);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
  });

  it('says when the email or password is wrong', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/sign-in' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'alex.admin@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
  });

  it('sends the user to sign-in when the session ends (any 401), and back to where they were after', async () => {
    resetAdminMock('administrator');
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/staff?q=Desk' });
    expect(await screen.findByRole('rowheader', { name: 'Fred Desk' })).toBeInTheDocument();

    mockAdmin.session = 'none';
    await userEvent.click(screen.getByRole('link', { name: 'Fred Desk' }));
    expect(
      await screen.findByText('Your session has ended. Sign in again to carry on where you were.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sign-in');

    await signInWith('alex.admin@example.com');
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Code from your authenticator app/ }),
      mockTotpCode,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fred Desk' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/staff/3');
  });

  it('signs out from the header', async () => {
    resetAdminMock('administrator');
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to the console' }),
    ).toBeInTheDocument();
    expect(mockAdmin.session).toBe('none');
    expect(router.state.location.pathname).toBe('/admin/sign-in');
  });
});

describe('an invitation', () => {
  it('sets the password by the password rules, then asks the user to sign in', async () => {
    const { router } = renderAdmin(consoleRoutes(), { path: `/admin/invitation/${mockInvitationToken}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set your password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Harbour-lantern-42');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Harbour-lantern-42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. Sign in to continue.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sign-in');
  });

  it('says when the invitation has expired', async () => {
    server.use(
      http.post('*/api/admin/invitations/accept', () =>
        HttpResponse.json(
          { message: 'The given data was invalid.', errors: { token: ['This invitation has expired.'] } },
          { status: 422 },
        ),
      ),
    );
    renderAdmin(consoleRoutes(), { path: '/admin/invitation/old' });
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Harbour-lantern-42');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Harbour-lantern-42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This invitation has expired.'));
  });
});
