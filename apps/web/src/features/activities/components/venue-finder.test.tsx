import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { expect, it } from 'vitest';
import { readSelectedVenue, selectedVenueCookie } from '../../../shared/venue/selected-venue';
import { installMockApi, setTestCookie } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { VenueFinder } from './venue-finder';

installMockApi();

function VenuePlaceholder() {
  return <h1>Venue {useParams().venue}</h1>;
}

const routes = [
  { path: '/', element: <VenueFinder /> },
  { path: '/location/:venue', element: <VenuePlaceholder /> },
];

const venueNames = () =>
  within(screen.getByRole('list', { name: 'Venues' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

it('shows every venue until 3 characters are typed, then the matches', async () => {
  setTestCookie(selectedVenueCookie, null);
  const user = userEvent.setup();
  renderRoutes(routes);
  expect(
    await screen.findByRole('heading', { level: 3, name: 'Riverside Leisure Centre Leeds' }),
  ).toBeVisible();
  expect(venueNames()).toHaveLength(3);
  expect(screen.getByRole('status')).toHaveTextContent('3 venues');

  const search = screen.getByRole('searchbox', { name: 'Search for a venue' });
  await user.type(search, 'yo');
  expect(venueNames()).toHaveLength(3);

  await user.type(search, 'r');
  expect(venueNames()).toEqual(['Ouse Bank Leisure Centre York']);
  expect(screen.getByRole('status')).toHaveTextContent('1 venue');

  await user.clear(search);
  await user.type(search, 'S9 3');
  expect(venueNames()).toEqual(['Don Valley Pool and Gym Sheffield']);

  await user.clear(search);
  await user.type(search, 'nowhere');
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('No venues match your search.');
});

it('selecting a venue stores it in the cookie and opens its page', async () => {
  setTestCookie(selectedVenueCookie, null);
  const user = userEvent.setup();
  renderRoutes(routes);
  const card = (await screen.findByRole('heading', { name: 'Ouse Bank Leisure Centre York' })).closest('li');
  expect(card).not.toBeNull();
  const address = within(card as HTMLElement).getByText(/3 Skeldergate Mews/);
  expect(address).toHaveTextContent('York YO1 6DQ');
  await user.click(screen.getByRole('link', { name: 'Select Ouse Bank Leisure Centre York' }));
  expect(await screen.findByRole('heading', { name: 'Venue york-ouse-bank' })).toBeVisible();
  expect(readSelectedVenue()).toBe('york-ouse-bank');
  setTestCookie(selectedVenueCookie, null);
});
