import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { appStarted } from '../../support/first-view';
import { kioskIdleMs } from '../../support/kiosk';

/**
 * shell-session-basket.md 4: in kiosk mode, inactivity logs the user out and sends them to the
 * kiosk home (the joining site's /kiosk/?kiosk=true when the operator has no kiosk home URL).
 * The page's clock is faked: the idle time passes at once, not in real time.
 */
test('kiosk mode: back-to-kiosk link, then idle logout to the kiosk home', async ({ page, request }) => {
  const idleMs = await kioskIdleMs(request);
  const customer = await createCustomer(request, 'kiosk');
  await logInThroughApi(page.request, customer);
  await page.clock.install();

  await page.goto('/account/user-details?kiosk=true');
  await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  await expectNoA11yViolations(page, 'kiosk: my details');

  // Kiosk mode lasts for the tab: the flag is gone from the next URL, the link stays.
  await page.goto('/account/user-details');
  await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
  // The link is in the server's HTML; the idle timer starts with the app.
  await appStarted(page);

  // No input now: the idle timer logs out and leaves for the kiosk home.
  await page.clock.fastForward(idleMs);
  await expect(page).toHaveURL(/\/join\/kiosk\/\?kiosk=true/);
  const user = await page.request.get('/api/auth/user');
  expect(user.status(), 'the session was ended on the server').toBe(401);
});

test('activity keeps a kiosk session alive', async ({ page, request }) => {
  const idleMs = await kioskIdleMs(request);
  const customer = await createCustomer(request, 'kiosk-active');
  await logInThroughApi(page.request, customer);
  await page.clock.install();
  await page.goto('/account/user-details?kiosk=true');
  await expect(page.getByRole('link', { name: 'Back to Kiosk Home' })).toBeVisible();
  await appStarted(page);
  // Keep moving for longer than the idle time, a quarter of it between moves: still signed in, still here.
  for (let step = 1; step <= 6; step += 1) {
    await page.mouse.move(100 + step * 20, 100 + step * 10);
    await page.clock.fastForward(idleMs / 4);
  }
  expect(new URL(page.url()).pathname).toBe('/account/user-details');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});

/** Embedded mode hides the header, footer and breadcrumbs; cross-site links carry embedded=true. */
test('embedded mode hides the chrome and keeps the flag on cross-site links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.goto('/?embedded=true');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toHaveCount(0);
  await expectNoA11yViolations(page, 'embedded: bookings home');

  // The flag is gone from the URL but the mode stays for the tab, on every sub-site.
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);

  // Links to another sub-site carry embedded=true: the login modal's account links, from the basket.
  await page.goto('/basket');
  await page
    .getByRole('main')
    .getByRole('button', { name: /log ?in/i })
    .click();
  const dialog = page.getByRole('dialog');
  for (const name of [/forgotten your password/i, /create an account/i]) {
    const href = await dialog.getByRole('link', { name }).getAttribute('href');
    expect(href, String(name)).toMatch(/\/account\/(login|register)\?(.*&)?embedded=true/);
  }
});
