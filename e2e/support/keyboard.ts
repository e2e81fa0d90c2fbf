import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; fails when it
 * is not reachable within `maxPresses`, which is what a keyboard trap or a non-focusable control gives.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { maxPresses = 40, backwards = false }: { maxPresses?: number; backwards?: boolean } = {},
): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await target.evaluate((element) => element === document.activeElement)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`${target} not reached with ${maxPresses} Tab presses; focus is on ${focused}`);
}
