import { screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { expect, it } from 'vitest';
import { selectedVenueCookie } from '../../../shared/venue/selected-venue';
import { installMockApi, setTestCookie } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { findToast } from '../../../test/toasts';
import { RedirectToSelectedVenue } from './redirect-to-selected-venue';

installMockApi();

function VenuePlaceholder() {
  return <h1>Venue {useParams().venue}</h1>;
}

const routes = [
  { path: '/', element: <h1>Find a venue</h1> },
  { path: '/redirect-to-selected-venue', element: <RedirectToSelectedVenue /> },
  { path: '/location/:venue', element: <VenuePlaceholder /> },
];

it('goes to the selected venue', async () => {
  setTestCookie(selectedVenueCookie, 'york-ouse-bank');
  const { router } = renderRoutes(routes, { path: '/redirect-to-selected-venue' });
  expect(await screen.findByRole('heading', { name: 'Venue york-ouse-bank' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/location/york-ouse-bank');
  setTestCookie(selectedVenueCookie, null);
});

it('without a selected venue, goes home with the toast', async () => {
  setTestCookie(selectedVenueCookie, null);
  const { router } = renderRoutes(routes, { path: '/redirect-to-selected-venue' });
  expect(await screen.findByRole('heading', { name: 'Find a venue' })).toBeVisible();
  expect(router.state.location.pathname).toBe('/');
  expect(await findToast('Please select a venue before booking an activity')).toBeVisible();
  expect(screen.getAllByText('Please select a venue before booking an activity')).toHaveLength(1);
});
