import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { ClassBooking } from '../../features/activities/components/class-booking';
import { siteRoutes } from '../../shared/app/site-routes';
import { notify } from '../../shared/ui/toast';
import { selectedVenueCookie } from '../../shared/venue/selected-venue';
import { findDialog } from '../../test/dialogs';
import { installMockApi, setTestCookie, startMockSession } from '../../test/mock-api';
import { renderElement, renderRoutes } from '../../test/render';
import { bookingsRoutes } from './routes';

installMockApi();

/**
 * The stable hooks browser automation written for the original site finds things by (issues 11, 45):
 * `data-testid` on the home page's heading (welcome), the login button, the login modal's submit,
 * the my-account link, the venue search (around its input), the venue list, each venue card with
 * its name and address, and the selected venue; `data-dusk` on toasts and on the + of each ticket.
 * A public page object for the original reads `[data-testid="search-venue"] input`,
 * `[name="username"]`, `[name="password"]` and `[data-dusk="increase-quantity-button"]` (first).
 */
it('a visitor finds the login button, the modal’s log-in submit, the venue search and the venue cards', async () => {
  setTestCookie(selectedVenueCookie, null);
  const user = userEvent.setup();
  renderRoutes(siteRoutes(bookingsRoutes), { path: '/' });

  expect(await screen.findByTestId('welcome')).toBe(
    screen.getByRole('heading', { level: 1, name: 'Book an activity' }),
  );
  // Around the input, as on the original (`[data-testid="search-venue"] input`), and a label whose
  // control is the input (Playwright's fill on the hook reaches it).
  const searchbox = screen.getByRole('searchbox', { name: 'Search for a venue' });
  const search = screen.getByTestId('search-venue') as HTMLLabelElement;
  expect(search.querySelector('input')).toBe(searchbox);
  expect(search.control).toBe(searchbox);
  await screen.findByRole('heading', { level: 3, name: 'Riverside Leisure Centre Leeds' });
  const list = screen.getByTestId('venue-list');
  expect(list).toBe(screen.getByRole('list', { name: 'Venues' }));
  const cards = screen.getAllByTestId('venue-card');
  expect(cards).toHaveLength(3);
  for (const card of cards) {
    expect(card.parentElement).toBe(list);
    expect(within(card).getByTestId('venue-name').tagName).toBe('H3');
    expect(within(card).getByTestId('venue-address').tagName).toBe('ADDRESS');
  }
  const leeds = cards.find(
    (card) => within(card).getByTestId('venue-name').textContent === 'Riverside Leisure Centre Leeds',
  ) as HTMLElement;
  // Scripts read the address as words (textContent), street then town and postcode.
  expect(within(leeds).getByTestId('venue-address').textContent).toMatch(/^\S.* Leeds LS\d+ \d[A-Z]{2}$/);
  expect(screen.queryByTestId('my-account')).not.toBeInTheDocument();

  const login = screen.getByTestId('login');
  expect(login).toHaveTextContent('Log in');
  await user.click(login);
  const dialog = await findDialog();
  expect(within(dialog).getByTestId('log-in')).toHaveAttribute('type', 'submit');
  expect(dialog.querySelector('[name="username"]')).toBe(within(dialog).getByLabelText(/Email/));
  expect(dialog.querySelector('[name="password"]')).toBe(within(dialog).getByLabelText(/Password/));
});

it('a signed-in customer finds the my-account link; a venue page names the selected venue', async () => {
  startMockSession();
  const user = userEvent.setup();
  renderRoutes(siteRoutes(bookingsRoutes), { path: '/' });
  expect(await screen.findByTestId('my-account')).toHaveTextContent('My account');
  expect(screen.queryByTestId('login')).not.toBeInTheDocument();

  const card = (await screen.findAllByTestId('venue-card')).find(
    (candidate) =>
      within(candidate).getByTestId('venue-name').textContent === 'Riverside Leisure Centre Leeds',
  ) as HTMLElement;
  await user.click(within(card).getByRole('link', { name: /Select/ }));
  expect(await screen.findByTestId('selected-venue')).toHaveTextContent('Riverside Leisure Centre Leeds');
  setTestCookie(selectedVenueCookie, null);
});

it('marks every toast with data-dusk="notification-toast"', async () => {
  renderRoutes(siteRoutes(bookingsRoutes), { path: '/' });
  act(() => {
    notify.success('Successfully added item to the basket.');
  });
  const message = await screen.findByText('Successfully added item to the basket.');
  await waitFor(() =>
    expect(message.closest('[data-dusk="notification-toast"]')).toHaveAttribute('data-sonner-toast'),
  );
});

it('marks the + of each ticket with data-dusk="increase-quantity-button"; the first adds an Adult', async () => {
  startMockSession();
  const user = userEvent.setup();
  renderElement(<ClassBooking id="963" onClose={() => undefined} />);
  const dialog = await findDialog('Your selection');
  const options = await within(dialog).findByRole('group', { name: 'Price options' });
  const increases = [...dialog.querySelectorAll('[data-dusk="increase-quantity-button"]')];
  expect(increases).toEqual([
    within(options).getByRole('button', { name: 'Add one Adult' }),
    within(options).getByRole('button', { name: 'Add one Junior' }),
  ]);
  const adult = within(options).getByRole('spinbutton', { name: 'Adult quantity' });
  expect(adult).toHaveValue(1);
  await user.click(increases[0] as HTMLElement);
  expect(adult).toHaveValue(2);
});
