import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { mockSessionDate } from '../../mocks/activities-handlers';
import { siteRoutes } from '../../shared/app/site-routes';
import { selectedVenueCookie } from '../../shared/venue/selected-venue';
import { findDialog } from '../../test/dialogs';
import { installMockApi, setTestCookie } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { bookingsRoutes } from './routes';

installMockApi();

const crumbs = () =>
  within(screen.getByRole('navigation', { name: /breadcrumb/i }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

it('browses from a venue to a day and opens a slot over the list, with breadcrumbs', async () => {
  const user = userEvent.setup();
  const { router } = renderRoutes(siteRoutes(bookingsRoutes), { path: '/location/leeds-riverside' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' }),
  ).toBeVisible();
  expect(document.cookie).toContain(`${selectedVenueCookie}=leeds-riverside`);

  await user.click(await screen.findByRole('link', { name: 'Racquet Sports' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Racquet Sports' })).toBeVisible();
  await user.click(screen.getByRole('link', { name: 'Badminton 40min' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Choose a date' })).toBeVisible();
  await user.click(
    within(screen.getByRole('navigation', { name: 'Choose a date' })).getAllByRole('link')[1] as HTMLElement,
  );
  const list = await screen.findByRole('list', { name: /^Sessions on/ });
  expect(router.state.location.pathname).toBe(
    `/location/leeds-riverside/badminton-40min/${mockSessionDate}/by-time`,
  );
  // The category path: Home / venue / category / activity / day.
  await waitFor(() =>
    expect(crumbs()).toEqual([
      'Home',
      'Riverside Leisure Centre Leeds',
      'Racquet Sports',
      'Badminton 40min',
      expect.any(String),
    ]),
  );
  const trail = within(screen.getByRole('navigation', { name: /breadcrumb/i }));
  expect(trail.getByRole('link', { name: 'Racquet Sports' })).toHaveAttribute(
    'href',
    '/location/leeds-riverside/racquet-sports',
  );

  await user.click(within(list).getByRole('link', { name: '09:00 - 09:40' }));
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByRole('combobox', { name: 'Select location' })).toBeVisible();
  expect(router.state.location.pathname).toMatch(/\/by-time\/slot\/09:00-09:40\/84705b68$/);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(router.state.location.pathname).toMatch(/\/by-time$/);
  // Focus goes back to the session that opened the modal.
  await waitFor(() => expect(within(list).getByRole('link', { name: '09:00 - 09:40' })).toHaveFocus());
  setTestCookie(selectedVenueCookie, null);
});

it('deep-links a class modal over its day', async () => {
  renderRoutes(siteRoutes(bookingsRoutes), {
    path: `/location/leeds-riverside/fitness-classes-c/${mockSessionDate}/by-time/class/963`,
  });
  const dialog = await findDialog('Your selection');
  expect(await within(dialog).findByRole('group', { name: 'Price options' })).toBeVisible();
  setTestCookie(selectedVenueCookie, null);
});

it('an unknown venue says so', async () => {
  renderRoutes(siteRoutes(bookingsRoutes), { path: '/location/atlantis' });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'We could not find this venue.' }),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Choose another venue' })).toHaveAttribute('href', '/');
  setTestCookie(selectedVenueCookie, null);
});
