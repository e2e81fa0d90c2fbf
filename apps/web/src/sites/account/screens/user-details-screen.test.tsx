import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  installDefaultHandlers,
  server,
  signIn,
  signOutCookie,
  wireDataFields,
} from '../../../test/account/account-api';
import {
  installPhotoHandlers,
  installWaiverHandlers,
  photoSet,
} from '../../../test/account/profile-and-waivers-api';
import { renderRoutes } from '../../../test/render';
import { accountRoutes } from '../routes';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installDefaultHandlers();
  signIn();
  installWaiverHandlers({ waivers: [] });
  server.use(
    http.get('/api/data-fields', () =>
      HttpResponse.json(
        wireDataFields({
          first_name: 'Alex',
          email: 'member@example.com',
          date_of_birth: '1988-04-12',
          interests: ['swimming'],
          membership_card_number: 'RL-0042',
        }),
      ),
    ),
  );
});
afterEach(() => {
  server.resetHandlers();
  signOutCookie();
});
afterAll(() => server.close());

describe('/user-details', () => {
  it("shows the user's answers; a field they may not change is disabled with a greyed label", async () => {
    renderRoutes(accountRoutes, { path: '/user-details' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My details' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Alex');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveValue('12/04/1988');
    expect(screen.getByRole('checkbox', { name: 'Swimming' })).toBeChecked();

    const card = screen.getByRole('textbox', { name: 'Membership card number' });
    expect(card).toBeDisabled();
    expect(card).toHaveValue('RL-0042');
    expect(card.closest('.field')).toHaveClass('field-muted');
    expect(screen.getByRole('textbox', { name: 'First name' }).closest('.field')).not.toHaveClass(
      'field-muted',
    );

    // The waivers list, with the spec's empty text.
    const waivers = screen.getByRole('region', { name: 'Waivers' });
    expect(await within(waivers).findByText('Your waivers will appear here')).toBeInTheDocument();
    // Photos are not allowed for this user: no photo and no reminder.
    expect(screen.queryByRole('button', { name: /photo/i })).not.toBeInTheDocument();
  });

  it('lists the waivers and shows the profile photo with its change button', async () => {
    installWaiverHandlers();
    installPhotoHandlers(photoSet);
    renderRoutes(accountRoutes, { path: '/user-details' });
    const waivers = await screen.findByRole('region', { name: 'Waivers' });
    expect(await within(waivers).findByRole('link', { name: 'Gym health declaration' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/api/my-account/user/profile-photo?v=12',
    );
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
  });

  it('sends only non-empty fields the user may change, and shows the success toast', async () => {
    let body: Record<string, unknown> = {};
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put('/api/my-account/user/update', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await held;
        return HttpResponse.json({
          status: 'success',
          message: 'Your account details have been updated',
        });
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/user-details' });
    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, 'Sam');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Your account details have been updated')).toBeInTheDocument();
    expect(body).toEqual({
      first_name: 'Sam',
      date_of_birth: '1988-04-12',
      email: 'member@example.com',
      interests: ['swimming'],
    });
  });

  it('changes the password with the current one; a 422 shows under the field', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/my-account/user/update', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            message: 'Your current password is incorrect.',
            errors: { current_password: ['Your current password is incorrect.'] },
          },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/user-details' });
    await screen.findByRole('textbox', { name: 'First name' });
    await user.type(screen.getByLabelText(/^New password/), 'Changed-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // Client rules first: the current password and the repeat are needed.
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Current password/), 'nope');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'Changed-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(body).toMatchObject({
      current_password: 'nope',
      password: 'Changed-Pass-2',
      repeat_new_password: 'Changed-Pass-2',
    });
  });

  it('sends the current password alone with a new email address, which needs it; a 422 shows under it', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.put('/api/my-account/user/update', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          {
            message: 'Your current password is incorrect.',
            errors: { current_password: ['Your current password is incorrect.'] },
          },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderRoutes(accountRoutes, { path: '/user-details' });
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'new.address@example.com');
    await user.type(screen.getByLabelText(/^Current password/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(body).toMatchObject({ email: 'new.address@example.com', current_password: 'nope' });
    expect(body).not.toHaveProperty('password');
  });
});
