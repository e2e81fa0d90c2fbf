import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { mockCart, mockSessionDate, mockSlots } from '../../../mocks/activities-handlers';
import { mockCredentials, mockUser } from '../../../mocks/fixtures';
import { hasSessionCookie, useSession } from '../../../shared/session/session';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import { findToast } from '../../../test/toasts';
import { SlotBooking } from './slot-booking';

const server = installMockApi();

function renderSlot(start = '09:00', end = '09:40', compositeKey = '84705b68') {
  const onClose = vi.fn();
  const result = renderElement(
    <SlotBooking
      venue="leeds-riverside"
      activity="badminton-40min"
      date={mockSessionDate}
      start={start}
      end={end}
      compositeKey={compositeKey}
      onClose={onClose}
    />,
  );
  return { ...result, onClose };
}

it("offers each court, marks the full ones, and disables 'Book now' for a full court", async () => {
  const user = userEvent.setup();
  const { onClose } = renderSlot();
  const dialog = await findDialog('Your selection');
  const select = await within(dialog).findByRole('combobox', { name: 'Select location' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['FULL - Court 1', 'Court 2', 'Court 3', 'Court 4']);
  // The first court with a place is chosen to start with.
  expect(select).toHaveValue('832');
  expect(within(dialog).getByText('£5.92')).toBeVisible();
  const bookNow = within(dialog).getByRole('button', { name: 'Book now' });
  expect(bookNow).toBeEnabled();
  expect(within(dialog).queryByText('The session being booked is already full')).not.toBeInTheDocument();

  await user.selectOptions(select, 'FULL - Court 1');
  expect(bookNow).toBeDisabled();
  expect(within(dialog).getByText('The session being booked is already full')).toBeVisible();
  expect(bookNow).toHaveAccessibleDescription('The session being booked is already full');

  await user.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalled();
});

it('a time whose courts are all full cannot be booked', async () => {
  renderSlot('09:40', '10:20', '300f7a46');
  const dialog = await findDialog('Your selection');
  await within(dialog).findByRole('combobox', { name: 'Select location' });
  expect(
    within(dialog)
      .getAllByRole('option')
      .every((option) => option.textContent?.startsWith('FULL - ')),
  ).toBe(true);
  expect(within(dialog).getByRole('button', { name: 'Book now' })).toBeDisabled();
});

it('asks an anonymous visitor to log in first, and adds nothing', async () => {
  const user = userEvent.setup();
  const added = vi.fn();
  server.use(
    http.post('*/api/activities/cart/add', () => {
      added();
      return HttpResponse.json({ data: mockCart(1) });
    }),
  );
  renderSlot();
  const dialog = await findDialog('Your selection');
  await user.click(await within(dialog).findByRole('button', { name: 'Book now' }));
  const login = await findDialog('Log in');
  expect(within(login).getByLabelText(/^Email address or customer ID/)).toBeVisible();
  expect(added).not.toHaveBeenCalled();
});

it('adds the chosen court to the basket once, after the debounce, with the toast and the basket link', async () => {
  startMockSession();
  const user = userEvent.setup();
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/activities/cart/add', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: mockCart(1) });
    }),
  );
  const { queryClient } = renderSlot();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const dialog = await findDialog('Your selection');
  await user.selectOptions(
    await within(dialog).findByRole('combobox', { name: 'Select location' }),
    'Court 3',
  );
  const bookNow = within(dialog).getByRole('button', { name: 'Book now' });
  await user.click(bookNow);
  expect(within(dialog).getByRole('button', { name: 'Adding...' })).toBeDisabled();
  expect(await findToast('Successfully added item to the basket.')).toBeVisible();
  expect(bodies).toEqual([
    {
      items: [{ id: '833', type: 'purchasableOccurrence', pricing_option_id: 1 }],
      membership_user_id: 5001,
      selected_user_id: 101,
    },
  ]);
  expect(within(dialog).getByRole('link', { name: 'Go to basket' })).toHaveAttribute('href', '/basket');
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart'] });
});

it("shows the server's text when the add fails (409 race, 422 full)", async () => {
  startMockSession();
  const user = userEvent.setup();
  server.use(
    http.post('*/api/activities/cart/add', () =>
      HttpResponse.json(
        { message: 'A lot of people are trying to book this right now. Please try again.' },
        { status: 409 },
      ),
    ),
  );
  renderSlot();
  const dialog = await findDialog('Your selection');
  await user.click(await within(dialog).findByRole('button', { name: 'Book now' }));
  expect(
    await screen.findByText('A lot of people are trying to book this right now. Please try again.'),
  ).toBeVisible();
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Book now' })).toBeEnabled());
});

it('books for the customer a front-of-house staff user picked, not for the staff user', async () => {
  startMockSession();
  server.use(
    http.get('*/api/auth/user', () => HttpResponse.json({ data: { ...mockUser, id: 900, is_staff: true } })),
  );
  window.sessionStorage.setItem(
    'foh-selected-customer',
    JSON.stringify({
      staffId: 900,
      customer: {
        id: 201,
        reference: 'RL000201',
        firstName: 'Alex',
        lastName: 'Morgan',
        email: 'a@example.com',
        dateOfBirth: null,
        postcode: null,
        membershipUser: { id: 7001 },
      },
    }),
  );
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/activities/cart/add', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: mockCart(1) });
    }),
  );
  const user = userEvent.setup();
  renderSlot();
  const dialog = await findDialog('Your selection');
  await user.click(await within(dialog).findByRole('button', { name: 'Book now' }));
  expect(await within(dialog).findByRole('link', { name: 'Go to basket' })).toBeVisible();
  expect(bodies).toEqual([expect.objectContaining({ selected_user_id: 201, membership_user_id: 7001 })]);
  window.sessionStorage.clear();
});

it("marks the member's own court 'Your booking' instead of 'FULL', and says so when it is chosen", async () => {
  startMockSession();
  const user = userEvent.setup();
  server.use(
    http.get('*/api/activities/venue/:venue/activity/:activity/v2/slots', () => {
      const slots = mockSlots('badminton-40min', mockSessionDate, '84705b68');
      return HttpResponse.json({
        data: slots.map((slot, index) => (index === 0 ? { ...slot, booking: { id: 51 } } : slot)),
      });
    }),
  );
  renderSlot();
  const dialog = await findDialog('Your selection');
  const select = await within(dialog).findByRole('combobox', { name: 'Select location' });
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Your booking - Court 1', 'Court 2', 'Court 3', 'Court 4']);
  // Their own court is shown first, with the way to manage it and no 'Book now'.
  expect(within(dialog).getByText('You are booked on this session.')).toBeVisible();
  expect(within(dialog).getByRole('link', { name: 'View or cancel it in My bookings' })).toBeVisible();
  expect(within(dialog).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();

  await user.selectOptions(select, 'Court 2');
  expect(within(dialog).getByRole('button', { name: 'Book now' })).toBeEnabled();
});

it('an activity that allows anonymous booking: the login modal, then the add with the signed-in answer, no second click', async () => {
  const user = userEvent.setup();
  // Members are offered their own pricing option once signed in.
  server.use(
    http.get('*/api/activities/venue/:venue/activity/:activity/v2/slots', ({ params, request }) => {
      const query = new URL(request.url).searchParams;
      const slots = mockSlots(String(params.activity), mockSessionDate, query.get('composite_key'));
      const signedIn = hasSessionCookie();
      return HttpResponse.json({
        data: slots.map((slot) => ({
          ...slot,
          allows_anonymous_bookings: true,
          action_to_show: { status: 'BOOK', reason: null },
          pricing_option_id: signedIn ? 2 : 1,
        })),
      });
    }),
  );
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/activities/cart/add', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: mockCart(1) });
    }),
  );
  renderSlot();
  const dialog = await findDialog('Your selection');
  const bookNow = await within(dialog).findByRole('button', { name: 'Book now' });
  await user.click(bookNow);
  const login = await findDialog('Log in');
  expect(bodies).toEqual([]);
  await user.type(within(login).getByLabelText(/^Email address or customer ID/), mockCredentials.username);
  await user.type(within(login).getByLabelText(/^Password/), mockCredentials.password);
  await user.click(within(login).getByRole('button', { name: 'Log in' }));

  expect(await within(dialog).findByRole('link', { name: 'Go to basket' })).toBeVisible();
  expect(bodies).toEqual([
    {
      items: [{ id: '832', type: 'purchasableOccurrence', pricing_option_id: 2 }],
      membership_user_id: 5001,
      selected_user_id: 101,
    },
  ]);
  expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
});

it("after a login, the visitor's empty answer does not say the session is gone while the member's loads", async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let signedInAsks = 0;
  server.use(
    http.get('*/api/activities/venue/:venue/activity/:activity/v2/slots', async ({ params, request }) => {
      if (!hasSessionCookie()) return HttpResponse.json({ data: [] });
      signedInAsks += 1;
      await held;
      const query = new URL(request.url).searchParams;
      return HttpResponse.json({
        data: mockSlots(String(params.activity), mockSessionDate, query.get('composite_key')),
      });
    }),
  );
  // Logs in from elsewhere on the page (the header's login), as a visitor would.
  let logIn: (() => Promise<void>) | undefined;
  function Session() {
    const { login } = useSession();
    logIn = () => login(mockCredentials.username, mockCredentials.password);
    return null;
  }
  renderElement(
    <>
      <Session />
      <SlotBooking
        venue="leeds-riverside"
        activity="badminton-40min"
        date={mockSessionDate}
        start="09:00"
        end="09:40"
        compositeKey="84705b68"
        onClose={() => undefined}
      />
    </>,
  );
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('This session is no longer available.')).toBeInTheDocument();
  await act(async () => {
    await logIn?.();
  });
  await waitFor(() => expect(signedInAsks).toBe(1));
  expect(within(dialog).queryByText('This session is no longer available.')).not.toBeInTheDocument();
  release();
  expect(await within(dialog).findByRole('button', { name: 'Book now' })).toBeInTheDocument();
});
