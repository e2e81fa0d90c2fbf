import { type APIRequestContext, expect, type Page, request as requests, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { logInThroughModal } from '../../support/bookings';
import { type Customer, createCustomer, logInThroughApi } from '../../support/customers';
import { serveWithoutFirstView } from '../../support/first-view';
import { linkIn, waitForEmail } from '../../support/mail';
import { okJson } from '../../support/member-api';
import { bookAndPay, findSession } from '../../support/sessions';

/**
 * The order email's "View my booking" link (`/booking-confirmed/{id}`) opened without a live session
 * (shell-session-basket.md 4 "Any 401 response clears the token and reloads the page"; bookings-api.md
 * "Pages"): the page reloads at most once, asks for a login and then shows the order; another
 * customer's order is not found.
 */

interface PaidOrder {
  customer: Customer;
  orderId: number;
  /** The email's "View my booking" link, on this server. */
  link: string;
  reference: string;
}

/** A new customer books a court and pays, through the API; answers the order from its email. */
async function paidOrder(tag: string): Promise<PaidOrder> {
  const context = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const customer = await createCustomer(context, tag);
    await logInThroughApi(context, customer);
    const session = await findSession(context, { venue: 'leeds-riverside', activity: 'badminton-40min' });
    await bookAndPay(context, session);
    const email = await waitForEmail(customer.email, 'Booking confirmed: ');
    const reference = /Booking confirmed: (\S+)/.exec(email.subject)?.[1] ?? '';
    const link = new URL(linkIn(email, /\/booking-confirmed\/\d+$/));
    const orderId = Number(link.pathname.split('/').pop());
    return { customer, orderId, reference, link: `${link.pathname}${link.search}` };
  } finally {
    await context.dispose();
  }
}

/** Counts the page's document loads (the first one and every reload). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
  });
  return () => loads;
}

/** Signs the page's browser in and answers the session's bearer token (to end it from elsewhere). */
async function logInAndKeepToken(request: APIRequestContext, customer: Customer): Promise<string> {
  const login = await okJson<{ token: string }>(
    await request.post('/api/auth/customer/login', {
      data: { username: customer.email, password: customer.password },
    }),
  );
  return login.token;
}

async function expectOrderShown(page: Page, order: PaidOrder): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout successful' })).toBeVisible();
  await expect(page.getByText(order.reference, { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Booked items' })).toContainText('Badminton 40min');
}

let order: PaidOrder;

test.beforeAll(async () => {
  order = await paidOrder('view-booking');
});

test('opened logged out, the link asks for a login in the modal and then shows the order', async ({
  page,
}) => {
  const loads = countDocumentLoads(page);
  await page.goto(order.link);
  const prompt = page.getByRole('heading', { level: 1, name: 'Log in to see your booking' });
  await expect(prompt).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout successful' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'booking confirmed, logged out: the login prompt');

  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await expectNoA11yViolations(page, 'booking confirmed: the login modal');
  await logInThroughModal(page, order.customer);

  await expectOrderShown(page, order);
  await expectNoA11yViolations(page, 'booking confirmed after the login');
  expect(loads()).toBe(1);
});

test('opened in a browser whose session has ended elsewhere, the link does not reload and asks for a login', async ({
  page,
  request,
}) => {
  // The browser still holds the cookies of a session that was logged out on another device.
  const token = await logInAndKeepToken(page.request, order.customer);
  const loads = countDocumentLoads(page);
  const ended = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(ended.status()).toBe(200);
  await page.goto(order.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to see your booking' })).toBeVisible();
  await expectNoA11yViolations(page, 'booking confirmed with an ended session: the login prompt');

  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await logInThroughModal(page, order.customer);
  await expectOrderShown(page, order);
  expect(loads()).toBeLessThanOrEqual(2);
});

test('a call that keeps answering 401 reloads the page once, then the page asks for a login', async ({
  page,
}) => {
  await logInThroughApi(page.request, order.customer);
  await serveWithoutFirstView(page);
  const loads = countDocumentLoads(page);
  // The order call answers 401 before and after the reload, as for a session the server no longer knows.
  const orderCall = `**/api/my-account/orders/${order.orderId}`;
  let refused = 0;
  await page.route(orderCall, async (route) => {
    refused += 1;
    await route.fulfill({ status: 401, json: { message: 'Please log in to continue.' } });
  });
  await page.goto(order.link);
  // One reload for the ended session; after it the page asks for a login, and loads no more.
  await expect.poll(loads).toBe(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to see your booking' })).toBeVisible();
  expect(refused).toBe(1);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  expect(loads()).toBe(2);
  await expectNoA11yViolations(page, 'booking confirmed after the one reload: the login modal');

  // A new login is a new session: the order shows.
  await page.unroute(orderCall);
  await logInThroughModal(page, order.customer);
  await expectOrderShown(page, order);
  expect(loads()).toBe(2);
});

test("another member's order id shows the not-found view, not 'Checkout successful'", async ({ page }) => {
  const other = await createCustomer(page.request, 'not-theirs');
  await logInThroughApi(page.request, other);
  // The call the page makes answers 404 for someone else's order.
  expect((await page.request.get(`/api/my-account/orders/${order.orderId}`)).status()).toBe(404);

  await page.goto(order.link);
  await expect(
    page.getByRole('heading', { level: 1, name: "Whoops! Looks like you've gone offside." }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checkout successful' })).toHaveCount(0);
  await expect(page.getByText(order.reference)).toHaveCount(0);
  await expectNoA11yViolations(page, "booking confirmed: another member's order");
});
