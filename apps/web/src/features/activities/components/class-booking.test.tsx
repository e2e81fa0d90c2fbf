import type { Occurrence } from '@leisure/contract/activities';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it, vi } from 'vitest';
import { mockCart, mockOccurrence } from '../../../mocks/activities-handlers';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderElement } from '../../../test/render';
import { findToast } from '../../../test/toasts';
import { ClassBooking } from './class-booking';

const server = installMockApi();

it('shows the places and the price options, and books the chosen tickets', async () => {
  startMockSession();
  const user = userEvent.setup();
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/activities/cart/add', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data: mockCart(2) });
    }),
  );
  renderElement(<ClassBooking id="963" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('Fitness Classes C')).toBeVisible();
  expect(within(dialog).getByText('Jess Okafor')).toBeVisible();
  expect(within(dialog).getByText('3 spaces available')).toBeVisible();

  const options = within(dialog).getByRole('group', { name: 'Price options' });
  const adult = within(options).getByRole('spinbutton', { name: 'Adult quantity' });
  const junior = within(options).getByRole('spinbutton', { name: 'Junior quantity' });
  expect(adult).toHaveValue(1);
  expect(junior).toHaveValue(0);
  expect(within(options).getByText('£4.50')).toBeVisible();

  await user.click(within(options).getByRole('button', { name: 'Add one Junior' }));
  await user.click(within(options).getByRole('button', { name: 'Add one Junior' }));
  expect(junior).toHaveValue(2);
  // Three places left: no more can be added.
  expect(within(options).getByRole('button', { name: 'Add one Junior' })).toBeDisabled();
  expect(within(options).getByRole('button', { name: 'Add one Adult' })).toBeDisabled();
  expect(within(options).getByText('£16.50')).toBeVisible();

  await user.click(within(options).getByRole('button', { name: 'Remove one Adult' }));
  await user.click(within(options).getByRole('button', { name: 'Remove one Junior' }));
  await user.click(within(options).getByRole('button', { name: 'Remove one Junior' }));
  expect(within(dialog).getByRole('button', { name: 'Book now' })).toBeDisabled();
  expect(within(dialog).getByText('Choose at least one place.')).toBeVisible();

  await user.click(within(options).getByRole('button', { name: 'Add one Junior' }));
  await user.click(within(options).getByRole('button', { name: 'Add one Adult' }));
  await user.click(within(dialog).getByRole('button', { name: 'Book now' }));
  expect(await findToast('Successfully added item to the basket.')).toBeVisible();
  expect(bodies).toEqual([
    {
      items: [
        {
          id: '963',
          type: 'activity',
          pricing_option_id: 9,
          options: {
            tickets: [
              { ticket_id: 13, quantity: 1 },
              { ticket_id: 14, quantity: 1 },
            ],
          },
        },
      ],
      membership_user_id: 5001,
      selected_user_id: 101,
    },
  ]);
});

it('a full class offers the waitlist: log in first, then join', async () => {
  const user = userEvent.setup();
  const joined = vi.fn();
  server.use(
    http.post('*/api/activities/waitlist', async ({ request }) => {
      joined(await request.json());
      return HttpResponse.json({
        data: {
          id: 4,
          occurrence_id: 964,
          position: 3,
          status: 'waiting',
          created_at: new Date().toISOString(),
        },
      });
    }),
  );
  renderElement(<ClassBooking id="964" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('0 spaces available')).toBeVisible();
  expect(within(dialog).queryByRole('group', { name: 'Price options' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Join waitlist' }));
  const login = await findDialog('Log in');
  expect(joined).not.toHaveBeenCalled();
  await user.type(within(login).getByLabelText(/^Email address or customer ID/), 'member@example.com');
  await user.type(within(login).getByLabelText(/^Password/), 'Member-Pass-1');
  await user.click(within(login).getByRole('button', { name: 'Log in' }));
  expect(await findDialog('Your selection')).toBeVisible();
  expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();

  await user.click(await within(dialog).findByRole('button', { name: 'Join waitlist' }));
  expect(await screen.findByText('You are on the waitlist (position 3).')).toBeVisible();
  expect(joined).toHaveBeenCalledWith({ occurrence_id: '964', selected_user_id: 101 });
  expect(await findToast('You have joined the waitlist.')).toBeVisible();
});

/** The occurrence answer of a session, changed as a test needs (the member's own places). */
function occurrenceAnswer(id: string, changes: (occurrence: Occurrence) => Partial<Occurrence>) {
  return http.get(`*/api/v1/activities/occurrences/${id}`, () => {
    const occurrence = mockOccurrence(id) as Occurrence;
    return HttpResponse.json({ data: { ...occurrence, ...changes(occurrence) } });
  });
}

it("a member's own booking is said, with the way to cancel it, instead of 'Book now'", async () => {
  startMockSession();
  server.use(occurrenceAnswer('963', () => ({ booking: { id: 77 } })));
  renderElement(<ClassBooking id="963" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('You are booked on this session.')).toBeVisible();
  expect(within(dialog).getByRole('link', { name: 'View or cancel it in My bookings' })).toHaveAttribute(
    'href',
    expect.stringMatching(/\/bookings\/upcoming$/),
  );
  expect(within(dialog).queryByRole('button', { name: 'Book now' })).not.toBeInTheDocument();
  expect(within(dialog).queryByRole('group', { name: 'Price options' })).not.toBeInTheDocument();
});

it('taking the last place keeps the added panel, though the class is now full for others', async () => {
  startMockSession();
  const user = userEvent.setup();
  let taken = false;
  server.use(
    occurrenceAnswer('963', () =>
      taken
        ? {
            spaces: 0,
            action_to_show: { status: 'WAITLIST', reason: 'The session is full. You can join the waitlist.' },
            cart_item_id: 31,
          }
        : { spaces: 1 },
    ),
    http.post('*/api/activities/cart/add', () => {
      taken = true;
      return HttpResponse.json({ data: mockCart(1) });
    }),
  );
  renderElement(<ClassBooking id="963" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  await user.click(await within(dialog).findByRole('button', { name: 'Book now' }));
  expect(await within(dialog).findByText('Added to your basket.')).toBeVisible();
  // The answer after the add says full: the panel stays, no waitlist is offered.
  expect(await within(dialog).findByText('0 spaces available')).toBeVisible();
  expect(within(dialog).getByText('Added to your basket.')).toBeVisible();
  expect(within(dialog).getByRole('link', { name: 'Go to basket' })).toBeVisible();
  expect(within(dialog).queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
});

it('the waitlist is remembered: the position and a way to leave it', async () => {
  startMockSession();
  const user = userEvent.setup();
  let waiting = true;
  const left = vi.fn();
  server.use(
    occurrenceAnswer('964', () => (waiting ? { waitlist_id: 4, waitlist_position: 2 } : {})),
    http.delete('*/api/activities/waitlist/:id', ({ params }) => {
      left(params.id);
      waiting = false;
      return HttpResponse.json({
        data: {
          id: 4,
          occurrence_id: 964,
          position: 0,
          status: 'cancelled',
          created_at: new Date().toISOString(),
        },
      });
    }),
  );
  renderElement(<ClassBooking id="964" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('You are on the waitlist (position 2).')).toBeVisible();
  expect(within(dialog).queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Leave waitlist' }));
  expect(await findToast('You have left the waitlist.')).toBeVisible();
  expect(left).toHaveBeenCalledWith('4');
  const join = await within(dialog).findByRole('button', { name: 'Join waitlist' });
  expect(join).toHaveFocus();
  expect(within(dialog).queryByText(/You are on the waitlist/)).not.toBeInTheDocument();
});

it('a full class without a waitlist says it is full and has none', async () => {
  startMockSession();
  server.use(
    occurrenceAnswer('963', () => ({
      spaces: 0,
      action_to_show: { status: 'FULL', reason: 'The session being booked is already full' },
    })),
  );
  renderElement(<ClassBooking id="963" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByText('This class is full and has no waitlist.')).toBeVisible();
  expect(within(dialog).queryByRole('button', { name: 'Join waitlist' })).not.toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Book now' })).toBeDisabled();
});
