import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { expectOpen, expectSections, leeds, sectionToggle } from '../../support/joining';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/**
 * joining-and-payments.md 2 and 4: '/centre/{centreSlug}/membership/{membershipSlug}/{paymentType}'
 * preselects the membership and opens Your details; a missing membership, or a payment type the
 * membership does not have, says 'Could not find selected membership' and returns to the centre.
 */
test('the deep link preselects a membership and payment type', async ({ page }) => {
  await page.goto(`/join/centre/${leeds.slug}/membership/off-peak/recurring`);
  await expectOpen(page, 'details', 3);
  // A monthly choice by a visitor (no instruction) brings the direct debit sections.
  await expectSections(page, ['centre', 'membership', 'details', 'review', 'payment', 'confirm', 'checkout']);
  await expect(sectionToggle(page, 'centre', 1)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Step 1: Choose your home centre' })).toContainText(
    leeds.name,
  );
  await expect(page.getByRole('region', { name: 'Step 2: Membership selection' })).toContainText(
    'Off-Peak, £24.99 per month',
  );
  await expect(page.getByRole('button', { name: 'Create account and continue' })).toBeVisible();
  await expectNoA11yViolations(page, 'deep link: your details');

  // Edit goes back to the list with the preselection marked.
  await page.getByRole('button', { name: 'Edit Membership selection' }).click();
  await expectOpen(page, 'membership', 2);
  await expect(page.getByRole('button', { name: 'Selected Off-Peak' })).toHaveText('Selected');
  await expectNoA11yViolations(page, 'deep link: membership selection reopened');
});

for (const [label, path] of [
  ['an unknown membership', 'no-such-membership/recurring'],
  ['a payment type the membership does not have', 'off-peak/fixed'],
] as const) {
  test(`a deep link to ${label} says 'Could not find selected membership'`, async ({ page }) => {
    await page.goto(`/join/centre/${leeds.slug}/membership/${path}`);
    await expect(page.getByText('Could not find selected membership')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/join/centre/${leeds.slug}$`));
    await expectOpen(page, 'membership', 2);
    await expect(page.getByRole('button', { name: 'Select Off-Peak' })).toHaveText('Select');
    await expectNoA11yViolations(page, `bad deep link (${label})`);
  });
}
