import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { blockMapTiles, leeds } from '../../support/joining';

/**
 * Issue 14: the map's place search understands UK postcodes. A centre's own postcode, or its outward
 * code, finds that centre; a postcode no centre has, with no maps service configured (the journeys'
 * server uses the offline gazetteer), says it cannot find the location and suggests a town or
 * centre name.
 */
test('the map search finds a centre by its postcode or outward code, and hints at names otherwise', async ({
  page,
}) => {
  await blockMapTiles(page);
  await page.goto('/join/');
  const search = page.getByRole('searchbox', { name: 'Search by town, city or centre name' });
  const submit = page.getByRole('button', { name: 'Search', exact: true });
  const nearLeeds = page.getByRole('heading', {
    level: 3,
    name: `1 centre within 5 miles of ${leeds.name}`,
  });

  await search.fill('ls11 5qt');
  await submit.click();
  await expect(nearLeeds).toBeVisible();
  await expectNoA11yViolations(page, 'map: found by full postcode');

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(nearLeeds).toHaveCount(0);
  await search.fill('LS11');
  await submit.click();
  await expect(nearLeeds).toBeVisible();

  await page.getByRole('button', { name: 'Clear search' }).click();
  await search.fill('M1 1AE');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Cannot find location' })).toHaveText(
    'Cannot find location, please try again. Search by town, city or centre name instead.',
  );
  await expectNoA11yViolations(page, 'map: postcode not found');
});
