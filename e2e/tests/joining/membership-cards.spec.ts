import { expect, type Locator, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { expectOpen, leeds } from '../../support/joining';

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Issue 14 and joining-and-payments.md 2: on desktop every membership card is 250 x 290 px, reads its
 * coverage the same way ('National' / 'Local'), shows its joining fee, and offers 'More details' for
 * what does not fit (focus back on the button when the dialog closes).
 */
test('membership cards: one size on desktop, coverage alike, the joining fee, and more details', async ({
  page,
}) => {
  await page.goto(`/join/centre/${leeds.slug}`);
  await expectOpen(page, 'membership', 2);
  const list = page.getByRole('list', { name: 'Memberships' });
  const cards = list.getByRole('listitem').filter({ has: page.getByRole('article') });
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(2);
  for (let index = 0; index < count; index += 1) {
    const box = await cards.nth(index).boundingBox();
    expect(box?.width).toBeCloseTo(250, 0);
    expect(box?.height).toBeCloseTo(290, 0);
    await expect(cards.nth(index).getByText(/^Coverage: /)).toHaveText(/^Coverage: (National|Local)$/);
  }
  await expectWholeLinesAndNoOverlap(cards);

  const gym = list.getByRole('article', { name: 'Anytime Gym' });
  await expect(gym.getByText('Joining fee: £20.00')).toBeVisible();
  await expect(
    list.getByRole('article', { name: 'All Clubs' }).getByText('Coverage: National'),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'membership cards on desktop');

  const more = gym.getByRole('button', { name: 'More details about Anytime Gym' });
  await more.click();
  const dialog = page.getByRole('dialog', { name: 'Anytime Gym' });
  await expect(dialog.getByText('Joining fee: £20.00')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Benefits' })).toBeVisible();
  await expectNoA11yViolations(page, 'membership more details');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();
});

/**
 * Issue 45: a clamped description ends on a whole line (what shows of it, inside every box that clips
 * it, is a whole number of its line heights, at least one) and 'More details' sits below it without
 * touching it, its own text inside its box.
 */
async function expectWholeLinesAndNoOverlap(cards: Locator): Promise<void> {
  const count = await cards.count();
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    const name = await card.getByRole('heading', { level: 3 }).textContent();
    const description = card.locator('.membership-card-description');
    const shown = await description.evaluate((element) => {
      const own = element.getBoundingClientRect();
      let { top, bottom, left, right } = own;
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflow === 'visible') continue;
        const clip = box.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      // Moved out of sight sideways (a column the card clips) counts as nothing shown.
      return {
        height: right > left ? Math.max(0, bottom - top) : 0,
        lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
      };
    });
    const lines = shown.height / shown.lineHeight;
    expect(
      lines,
      `${name}: lines of description shown (${shown.height}px at ${shown.lineHeight}px)`,
    ).toBeGreaterThanOrEqual(1);
    expect(
      Math.abs(lines - Math.round(lines)) * shown.lineHeight,
      `${name}: a line cut through`,
    ).toBeLessThan(1);

    const text = await description.boundingBox();
    const more = card.getByRole('button', { name: /^More details about / });
    const link = await more.boundingBox();
    if (!text || !link) throw new Error(`${name}: no description or 'More details' box`);
    const overlaps =
      link.x < text.x + text.width &&
      text.x < link.x + link.width &&
      link.y < text.y + text.height &&
      text.y < link.y + link.height;
    expect(overlaps, `${name}: 'More details' over the description`).toBe(false);
    const spills = await more.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
    expect(spills, `${name}: 'More details' text outside its box`).toBe(false);
  }
}
