import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';

/** The built server serves the API and the three sub-sites on one port. */
test('the server answers health and serves each sub-site', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ database: { status: 'up' } });

  for (const path of ['/', '/account/', '/join/']) {
    await page.goto(path);
    // Past the loading view (a busy main with a hidden 'Loading' h1) and any redirect to log in.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Loading$/ })).toBeVisible();
    await expectNoA11yViolations(page, path);
  }
});
