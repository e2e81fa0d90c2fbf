import { expect, test } from '@playwright/test';
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
