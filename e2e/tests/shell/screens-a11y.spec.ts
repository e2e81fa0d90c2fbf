import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { serveWithoutFirstView } from '../../support/first-view';

/** Every screen of the shell that no journey above reaches, checked with axe-core. */
test('anonymous screens of the three sub-sites', async ({ page }) => {
  const screens: [string, RegExp][] = [
    ['/account/login', /log in/i],
    ['/account/register', /create an account/i],
    ['/basket', /basket/i],
    ['/join/', /membership/i],
    ['/join/kiosk/?kiosk=true', /./],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expectNoA11yViolations(page, path);
  }
});

test('signed-in account pages and the account navigation', async ({ page, request }) => {
  const customer = await createCustomer(request, 'screens');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Account dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await expectNoA11yViolations(page, 'dashboard');

  const nav = page.getByRole('navigation', { name: 'Account' });
  for (const name of ['Memberships', 'Packages', 'Bookings', 'Payments']) {
    await nav.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`\\| ${name}$`));
  }
  await expectNoA11yViolations(page, 'an account placeholder page');
});

test('the side drawer on a narrow screen, anonymous and signed in', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('Login to make bookings faster and manage your account')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
    'href',
    /\/account\/register/,
  );
  expect(await drawer.evaluate((element) => element.getBoundingClientRect().width)).toBe(306);
  await expectNoA11yViolations(page, 'drawer: anonymous');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const customer = await createCustomer(context.request, 'drawer');
  await logInThroughApi(context.request, customer);
  await page.reload();
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(drawer.getByRole('button', { name: /log ?out/i })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'My account' })).toBeVisible();
  await expectNoA11yViolations(page, 'drawer: signed in');
  await context.close();
});

test('a theme answer of 503 shows the maintenance page; another failure the error page', async ({ page }) => {
  await serveWithoutFirstView(page);
  await page.route('**/api/frontend/theme**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down"}' }),
  );
  await page.goto('/');
  await expect(page.getByText('Unable to access the site due to planned maintenance.')).toBeVisible();
  await expectNoA11yViolations(page, 'maintenance');

  await page.unroute('**/api/frontend/theme**');
  await page.route('**/api/frontend/theme**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
  );
  await page.goto('/account/login');
  await expect(
    page.getByRole('heading', { name: 'We may have dropped the ball on this one.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
  await expectNoA11yViolations(page, 'full-page error');
});
