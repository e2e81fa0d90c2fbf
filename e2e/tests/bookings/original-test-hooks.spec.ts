import { expect, test } from '@playwright/test';
import { openDay, sessionAt } from '../../support/bookings';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { findSession } from '../../support/sessions';

/**
 * The selectors a public Playwright suite written for the original bookings site uses (its page
 * object for the bookings dashboard and its activities test), run against this site: each finds
 * the element the original's does (issue 45).
 */
test("the original suite's dashboard selectors: welcome, venue search, list, card, address, login", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'original-hooks');
  await page.goto('/');
  await expect(page.locator('[data-testid="welcome"]')).toHaveText('Book an activity');
  const search = page.locator('[data-testid="search-venue"] input');
  await expect(search).toBeVisible();
  await search.fill('York');
  await expect(page.locator('[data-testid="venue-list"]')).toBeVisible();
  await expect(page.locator('[data-testid="venue-card"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="venue-name"]')).toHaveText('Ouse Bank Leisure Centre York');
  await expect(page.locator('[data-testid="venue-address"]')).toHaveText(/^\S.* York YO\d+ \d[A-Z]{2}$/);

  await page.locator('[data-testid="login"]').click();
  await page.locator('[name="username"]').fill(customer.email);
  await page.locator('[name="password"]').fill(customer.password);
  await page.locator('[data-testid="log-in"]').click();
  await expect(page.locator('[data-testid="my-account"]')).toBeVisible();
  await expect(page.locator('[data-testid="login"]')).not.toBeVisible();
});

test("the original suite's class selectors: the first increase-quantity-button adds a place; the toast", async ({
  page,
  request,
}) => {
  await logInThroughApi(page.request, await createCustomer(request, 'original-hooks-class'));
  const session = await findSession(request, {
    venue: 'leeds-riverside',
    activity: 'fitness-classes-c',
    spaces: 2,
  });
  await page.goto('/location/leeds-riverside/fitness-classes-c');
  const list = await openDay(page, session.date);
  await sessionAt(list, session).getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  const adults = dialog.getByRole('spinbutton', { name: 'Adult quantity' });
  await expect(adults).toHaveValue('1');
  await page.locator('[data-dusk="increase-quantity-button"]').first().click();
  await expect(adults).toHaveValue('2');
  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page.locator('[data-dusk="notification-toast"]')).toContainText(
    'Successfully added item to the basket.',
  );
});
