import { expect, type Locator, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { logInThroughModal, openDay, sessionAt } from '../../support/bookings';
import { createCustomer } from '../../support/customers';
import { findSession } from '../../support/sessions';

/**
 * The bookings site's login modal: the server's 422 field errors in red under each input
 * (shell-session-basket.md 8), a bad-credentials 401 in the server's words, and the focus back on
 * the control that opened the modal when it closes.
 */

/** The colour an element is drawn in, as [red, green, blue]. */
async function colourOf(element: Locator): Promise<number[]> {
  const colour = await element.evaluate((node) => getComputedStyle(node).color);
  return (colour.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

test('422 field errors show in red under each input; bad credentials show the server message', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'login-errors');
  let validationAnswers = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/customer/login') && response.status() === 422)
      validationAnswers += 1;
  });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  const username = login.getByLabel('Email address or customer ID');
  const password = login.getByLabel(/^Password/);

  // Nothing filled in: the server answers 422 with a message for each field.
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(username).toHaveAccessibleDescription('Required');
  await expect(password).toHaveAccessibleDescription('Required');
  expect(validationAnswers).toBe(1);
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();
  const messages = login.locator('.field-errors');
  await expect(messages).toHaveCount(2);
  for (const message of await messages.all()) {
    const [red = 0, green = 0, blue = 0] = await colourOf(message);
    expect(red, 'field errors are drawn in red').toBeGreaterThan(green + 60);
    expect(red).toBeGreaterThan(blue + 60);
  }
  await expect(page.getByText('Validation errors')).toHaveCount(0);
  await expectNoA11yViolations(page, 'login modal with field errors');

  // A wrong password: the server's message, and no field errors left over.
  await username.fill(customer.email);
  await password.fill('Not-The-Password-1');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(login.locator('.field-errors')).toHaveCount(0);
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoA11yViolations(page, 'login modal after bad credentials');

  // And then the right one.
  await password.fill(customer.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
});

test('the focus returns to the control that opened the login modal', async ({ page, request }) => {
  const customer = await createCustomer(request, 'login-focus');
  await page.goto('/');
  // By its test hook: while the modal is open the rest of the page is hidden from the accessibility tree.
  const opener = page.locator('header').getByTestId('login');
  const login = page.getByRole('dialog', { name: 'Log in' });

  // Escape.
  await opener.click();
  await expect(login).toBeVisible();
  await expect(opener).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(opener).toBeFocused();

  // The close button.
  await page.keyboard.press('Enter');
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Close' }).click();
  await expect(login).toBeHidden();
  await expect(opener).toBeFocused();
  await expectNoA11yViolations(page, 'bookings home after closing the login modal');

  // A login from 'Book now', which stays on the page: the focus is back on it.
  const session = await findSession(request, { venue: 'york-ouse-bank', activity: 'badminton-40min' });
  await page.goto('/location/york-ouse-bank/badminton-40min');
  const list = await openDay(page, session.date);
  await sessionAt(list, session).getByRole('link').click();
  const slot = page.getByRole('dialog', { name: 'Your selection' });
  const bookNow = slot.getByRole('button', { name: 'Book now' });
  await bookNow.click();
  await logInThroughModal(page, customer);
  await expect(slot).toBeVisible();
  await expect(bookNow).toBeFocused();
  await expectNoA11yViolations(page, 'slot modal after the login');
});
