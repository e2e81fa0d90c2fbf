import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';

/**
 * Issue 16: the joining map's first view is a picture of it (its tiles, markers and clusters), and
 * Leaflet starts only when the visitor reaches for the map, so a phone does not pay for a map it
 * may never touch. The picture is drawn where the live map then draws, so it becomes the map in
 * place; the keyboard's focus goes on into the live map; a search starts it and flies it.
 */

/** A 1x1 PNG: every map tile loads, so the picture's tiles and the live map's can be compared. */
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function serveTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: tilePng }),
  );
}

type Box = [string, number, number, number, number];

/**
 * Where each drawn thing is on screen, as [what, left, top, width, height] to 0.1 px: a cluster by
 * its count, a zoom button by its sign, a tile by its address, else a pin.
 */
async function boxes(page: Page, selector: string): Promise<Box[]> {
  const found = await page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const src = element.getAttribute('src') ?? '';
      const what = /(^| )(marker-cluster|venue-map-picture-cluster)( |$)/.test(element.className)
        ? `cluster ${element.textContent}`
        : element.closest('.leaflet-control-zoom, .venue-map-picture-zoom')
          ? `zoom ${element.textContent}`
          : src.includes('tile.openstreetmap.org')
            ? src.replace(/^.*\.org\//, '')
            : 'pin';
      return [what, box.left, box.top, box.width, box.height] as Box;
    }),
  );
  return found
    .map(
      ([what, left, top, width, height]): Box => [what, round(left), round(top), round(width), round(height)],
    )
    .sort((a, b) => a.join().localeCompare(b.join()));
}

const round = (value: number) => Math.round(value * 10) / 10;

test.use({ viewport: { width: 390, height: 844 } });

test('the map is a picture until reached for, drawn where the live map then draws', async ({ page }) => {
  await serveTiles(page);
  await page.goto('/join/');
  const map = page.getByRole('region', { name: 'Map of centres' });
  const picture = map.locator('[data-map-picture]');
  await expect(picture).toBeVisible();
  // Its markers and clusters: one per venue, or a cluster's count of them.
  const pins = picture.locator('.venue-map-picture-pin');
  const clusters = picture.locator('.venue-map-picture-cluster');
  await expect(pins.first()).toBeVisible();
  const counts = await clusters.allTextContents();
  const heading = await page.getByRole('heading', { level: 3, name: /^\d+ centres$/ }).textContent();
  const inView = (await pins.count()) + counts.reduce((sum, count) => sum + Number(count), 0);
  expect(inView).toBeGreaterThan(1);
  expect(inView).toBeLessThanOrEqual(Number.parseInt(heading ?? '', 10));
  await expect(picture.locator('.venue-map-picture-tile').first()).toBeVisible();
  await expectNoA11yViolations(page, 'map: its picture');
  // No Leaflet yet: it has not been loaded, let alone started.
  expect(await page.evaluate(() => 'L' in window)).toBe(false);
  await expect(map.locator('.leaflet-container:not([data-map-picture])')).toHaveCount(0);

  const pictureMarks = await boxes(
    page,
    '[data-map-picture] :is(.venue-map-picture-pin, .venue-map-picture-cluster)',
  );
  const pictureTiles = await boxes(page, '[data-map-picture] .venue-map-picture-tile');
  const pictureZoom = await boxes(page, '[data-map-picture] .venue-map-picture-zoom span');

  // The keyboard reaches the map where it was: the live map starts and takes the focus.
  await page.getByRole('slider', { name: /Search radius/ }).focus();
  await page.keyboard.press('Tab');
  const live = map.locator('.leaflet-container:not([data-map-picture])');
  await expect(live).toBeFocused();
  await expect(picture).toHaveCount(0);
  expect(await page.evaluate(() => 'L' in window)).toBe(true);

  const liveMarks = await boxes(page, '.venue-map-live .leaflet-marker-icon');
  const liveTiles = await boxes(page, '.venue-map-live .leaflet-tile');
  expect(liveMarks).toEqual(pictureMarks);
  expect(liveTiles).toEqual(pictureTiles);
  // Its zoom buttons too: '+' above '-', where Leaflet's are.
  expect(await boxes(page, '.venue-map-live .leaflet-control-zoom a')).toEqual(pictureZoom);
  await expectNoA11yViolations(page, 'map: live');
  // The markers follow in the tab order, as before the picture.
  await page.keyboard.press('Tab');
  await expect(map.locator('.leaflet-marker-icon:focus')).toHaveCount(1);
});

test('a search starts the live map and flies it', async ({ page }) => {
  await serveTiles(page);
  await page.goto('/join/');
  await expect(page.locator('[data-map-picture]')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by town, city or centre name' }).fill('York');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 3, name: /^1 centre within 5 miles of .*York/ }),
  ).toBeVisible();
  // Flown in past zoom 8, where 'Search this area' shows.
  await expect(page.getByRole('button', { name: 'Search this area' })).toBeVisible();
  await expect(page.locator('[data-map-picture]')).toHaveCount(0);
});
