import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { mockUser } from '../../../mocks/fixtures';
import { server } from '../../../mocks/node';
import { renderRoutes } from '../../../test/render';
import { basketTestRoutes } from './basket-test-routes';

/** What the checkout page tests share: the page, the mock provider frame, terms, billing, a staff user. */
export const frameOrigin = 'http://localhost:3000';

export function renderCheckout() {
  return renderRoutes(basketTestRoutes, { path: '/basket/checkout' });
}

/** Records the body of `POST checkout/complete` and answers with `answer` (or order 3001). */
export function captureComplete(answer?: () => Response | Promise<Response>) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('*/api/checkout/complete', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return answer ? answer() : HttpResponse.json({ complete_order_id: 3001 });
    }),
  );
  return bodies;
}

export async function agreeToTerms(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  await user.click(await within(dialog).findByRole('button', { name: 'I Agree' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

export async function fillBilling(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Address line 1/), '1 River Street');
  await user.type(screen.getByLabelText(/^Town\/city/), 'Leeds');
  await user.type(screen.getByLabelText(/^Postcode/), 'LS1 4AP');
}

/** Stands in for the provider's frame: answers the page's submit with a token (or an error). */
export function fakeFrame(reply: Record<string, unknown>) {
  const iframe = screen.getByTitle('Card details') as HTMLIFrameElement;
  const frameWindow = iframe.contentWindow as Window;
  const posted: unknown[] = [];
  frameWindow.postMessage = ((message: unknown) => {
    posted.push(message);
    setTimeout(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data: reply, origin: frameOrigin, source: frameWindow }),
      );
    }, 0);
  }) as Window['postMessage'];
  return posted;
}

export const tokenMessage = {
  type: 'sandbox-pay:token',
  token: 'tok_sbx_test',
  card: { brand: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2030 },
};

/** A front-of-house staff user (EUR) serving customer 201. */
export function serveStaffUser() {
  server.use(
    http.get('*/api/auth/user', () =>
      HttpResponse.json({ data: { ...mockUser, id: 900, is_staff: true, currency: 'EUR' } }),
    ),
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
        membershipUser: null,
      },
    }),
  );
}
