import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * issue 15: on a phone the account navigation is one compact row, so each page's heading starts
 * just under it instead of 350 px down; every page stays one tap away and the current one is marked.
 */
test('on a phone the account navigation is a compact row above each page', async ({ page }) => {
  const customer = await createCustomer(page.request, 'mobile-nav');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/');

  const nav = page.getByRole('navigation', { name: 'Account' });
  const heading = page.getByRole('heading', { level: 1, name: 'Account dashboard' });
  await expect(heading).toBeVisible();
  const navBox = await nav.boundingBox();
  const headingBox = await heading.boundingBox();
  expect(navBox?.height ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(80);
  expect((headingBox?.y ?? 0) - ((navBox?.y ?? 0) + (navBox?.height ?? 0))).toBeLessThan(80);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expectNoA11yViolations(page, 'dashboard on a phone');

  // The row scrolls sideways: the last item is reachable and becomes the marked, visible one.
  const payments = nav.getByRole('link', { name: 'Payments' });
  await payments.scrollIntoViewIfNeeded();
  await payments.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(payments).toHaveAttribute('aria-current', 'page');
  await expect(payments).toBeInViewport();
  const paymentsHeading = await page.getByRole('heading', { level: 1, name: 'Payments' }).boundingBox();
  expect(paymentsHeading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(300);
  await expectNoA11yViolations(page, 'payments on a phone');
});
