import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { siteRoutes } from '../../shared/app/site-routes';
import { notify } from '../../shared/ui/toast';
import { selectedVenueCookie } from '../../shared/venue/selected-venue';
import { findDialog } from '../../test/dialogs';
import { installMockApi, setTestCookie, startMockSession } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { bookingsRoutes } from './routes';

installMockApi();

/**
 * The stable hooks browser automation written for the original site finds things by (issue 11):
 * `data-testid` on the login button, the login modal's submit, the my-account link, the venue
 * search, each venue card and its name and the selected venue; `data-dusk` on toasts.
 */
it('a visitor finds the login button, the modal’s log-in submit, the venue search and the venue cards', async () => {
  setTestCookie(selectedVenueCookie, null);
  const user = userEvent.setup();
  renderRoutes(siteRoutes(bookingsRoutes), { path: '/' });

  const search = await screen.findByTestId('search-venue');
  expect(search).toBe(screen.getByRole('searchbox', { name: 'Search for a venue' }));
  await screen.findByRole('heading', { level: 3, name: 'Riverside Leisure Centre Leeds' });
  const cards = screen.getAllByTestId('venue-card');
  expect(cards).toHaveLength(3);
  for (const card of cards) expect(within(card).getByTestId('venue-name').tagName).toBe('H3');
  expect(within(cards[0] as HTMLElement).getByTestId('venue-name')).toHaveTextContent(/\S/);
  expect(screen.queryByTestId('my-account')).not.toBeInTheDocument();

  const login = screen.getByTestId('login');
  expect(login).toHaveTextContent('Log in');
  await user.click(login);
  const dialog = await findDialog();
  expect(within(dialog).getByTestId('log-in')).toHaveAttribute('type', 'submit');
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
