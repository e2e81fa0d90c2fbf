import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, expect, it } from 'vitest';
import { mockCredentials } from '../../../mocks/fixtures';
import { findDialog } from '../../../test/dialogs';
import { installMockApi, startMockSession } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { basketTestRoutes } from './basket-test-routes';

const server = installMockApi();
afterEach(() => server.events.removeAllListeners('request:start'));

const renderConfirmed = (orderId: number | string = 3001) =>
  renderRoutes(basketTestRoutes, { path: `/booking-confirmed/${orderId}` });

/** Counts the order calls: a signed-out page must not make one (it could only answer 401). */
function countOrderCalls(): () => number {
  let calls = 0;
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.startsWith('/api/my-account/orders/')) calls += 1;
  });
  return () => calls;
}

it('signed out: asks for a login in the modal, without calling for the order, then shows the order', async () => {
  const orderCalls = countOrderCalls();
  const user = userEvent.setup();
  renderConfirmed();
  expect(await screen.findByRole('heading', { level: 1, name: 'Log in to see your booking' })).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Checkout successful' })).not.toBeInTheDocument();
  expect(orderCalls()).toBe(0);

  await user.click(screen.getByRole('button', { name: 'Log in' }));
  const login = await findDialog('Log in');
  await user.type(within(login).getByLabelText(/^Email address or customer ID/), mockCredentials.username);
  await user.type(within(login).getByLabelText(/^Password/), mockCredentials.password);
  await user.click(within(login).getByRole('button', { name: 'Log in' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Checkout successful' })).toBeVisible();
  expect(await screen.findByText('ORD-003001')).toBeVisible();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it("someone else's order (404) shows the not-found view, not 'Checkout successful'", async () => {
  startMockSession();
  server.use(
    http.get('*/api/my-account/orders/:orderId', () =>
      HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 }),
    ),
  );
  renderConfirmed(4001);
  expect(
    await screen.findByRole('heading', { level: 1, name: "Whoops! Looks like you've gone offside." }),
  ).toBeVisible();
  expect(screen.getByRole('link', { name: 'Go home' })).toBeVisible();
  expect(screen.queryByRole('heading', { name: 'Checkout successful' })).not.toBeInTheDocument();
});

it('an order id that is not a number is not found', async () => {
  startMockSession();
  renderConfirmed('abc');
  expect(
    await screen.findByRole('heading', { level: 1, name: "Whoops! Looks like you've gone offside." }),
  ).toBeVisible();
});
