import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { appStarted } from '../../support/first-view';
import { tabTo } from '../../support/keyboard';

async function primaryColour(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--colour-primary-500').trim().toLowerCase(),
  );
}

/** shell-session-basket.md 3: a venue's theme overrides the operator's; the spinner waits for it. */
test("a venue's theme colours are applied, and the operator's elsewhere", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await primaryColour(page)).toBe('#0b5cad');

  await page.goto('/?venue=york-ouse-bank');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await primaryColour(page)).toBe('#0b7a75');
  await expectNoA11yViolations(page, 'bookings home in the York venue theme');
});

/** The token watch, every 5 s (shell-session-basket.md 9), runs on the page's faked clock. */
const tokenWatchMs = 5_000;

/** The token watch: logging in in one sub-site shows in another tab without a reload. */
test('logging in and out in one tab shows in another', async ({ browser, request }) => {
  const customer = await createCustomer(request, 'watch');
  const context = await browser.newContext();
  await context.clock.install();
  const bookings = await context.newPage();
  await bookings.goto('/');
  // The header, not the footer (whose operator HTML has its own 'My account' link).
  const header = bookings.getByRole('banner');
  await expect(header.getByRole('button', { name: /^log ?in$/i })).toBeVisible();
  await expect(header.getByRole('link', { name: 'My account' })).toHaveCount(0);
  // The server's HTML shows the header before the app runs: the watch starts with the app.
  await appStarted(bookings);

  await logInThroughApi(context.request, customer);
  await context.clock.fastForward(tokenWatchMs);
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(header.getByRole('button', { name: /^log ?in$/i })).toHaveCount(0);

  await context.request.post('/api/auth/logout', {
    headers: {
      'x-xsrf-token': decodeURIComponent(
        (await context.cookies()).find((cookie) => /xsrf/.test(cookie.name))?.value ?? '',
      ),
    },
  });
  await context.clearCookies();
  await context.clock.fastForward(tokenWatchMs);
  await expect(header.getByRole('button', { name: /^log ?in$/i })).toBeVisible();
  await expect(header.getByRole('link', { name: 'My account' })).toHaveCount(0);
  await context.close();
});

/** The login modal on the bookings site, with the keyboard alone. */
test('log in from the bookings site with the keyboard alone', async ({ page, request }) => {
  const customer = await createCustomer(request, 'keyboard');
  await page.goto('/');
  const header = page.getByRole('banner');
  const loginButton = header.getByRole('button', { name: /^log ?in$/i });
  await tabTo(page, loginButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'bookings login modal');
  await tabTo(page, dialog.getByLabel(/email address or customer id/i));
  await page.keyboard.type(customer.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
});

test('a hand-over code in the URL signs the browser in and leaves the URL', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const customer = await createCustomer(request, 'handover');
  // An API client of its own (no cookies): it gets the bearer token another app would hand over.
  const apiClient = await playwright.request.newContext({ baseURL });
  const login = await apiClient.post('/api/auth/customer/login', {
    data: { username: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  // It hands the session over as a one-time code (never its token) in the URL.
  const handover = await apiClient.post('/api/auth/session/handover', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(handover.status()).toBe(200);
  const { code } = (await handover.json()) as { code: string };
  await apiClient.dispose();
  await page.goto(`/account/user-details?token=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: /my details/i })).toBeVisible();
  expect(page.url()).not.toContain('token=');
});

test('unknown paths show the not-found page', async ({ page }) => {
  for (const path of ['/no-such-page', '/account/no-such-page', '/join/no-such-page']) {
    await page.goto(path);
    await expect(page.getByText("Whoops! Looks like you've gone offside.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
  }
  await expectNoA11yViolations(page, 'not found');
});
