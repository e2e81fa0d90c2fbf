import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  expectOpen,
  expectSections,
  leeds,
  offeredTypes,
  registerInYourDetails,
  selectMembership,
  venueId,
} from '../../support/joining';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/**
 * joining-and-payments.md 2, 4 and 8: a visitor may pick any membership; once they have
 * registered, eligibility is checked again. An adult who chose Junior (ages 11 to 17) is told
 * 'You are ineligible for the membership you selected.', the selection is reset and they are back at
 * Membership selection, where Junior is no longer offered to them.
 */
test('an adult who chooses a junior membership is told they are ineligible', async ({ page, request }) => {
  await page.goto(`/join/centre/${leeds.slug}`);
  await expectOpen(page, 'membership', 2);
  await page.getByRole('combobox', { name: 'Membership type' }).selectOption({ label: 'Junior' });
  await expect(page.getByRole('list', { name: 'Memberships' }).getByRole('article')).toHaveCount(1);
  await expect(page.getByText('Eligibility: Junior')).toBeVisible();
  await expectNoA11yViolations(page, 'membership selection: Junior');
  await selectMembership(page, 'Junior').click();

  await expectOpen(page, 'details', 3);
  await registerInYourDetails(page, request, 'join-ineligible', { dateOfBirth: '1990-05-17' });

  // Back at Membership selection with the ineligibility message, nothing selected any more.
  await expect(page.getByText('You are ineligible for the membership you selected.')).toBeVisible();
  await expectOpen(page, 'membership', 2);
  await expectSections(page, ['centre', 'membership', 'details', 'review', 'checkout']);
  await expect(
    page.getByRole('region', { name: 'Step 2: Membership selection' }).getByRole('alert'),
  ).toHaveText('You are not eligible for this membership');
  await expectNoA11yViolations(page, 'membership selection: ineligible');

  // Signed in now: the list and the API no longer offer Junior to this adult.
  await page.getByRole('combobox', { name: 'Membership type' }).selectOption({ label: 'Junior' });
  await expect(page.getByText('No memberships found')).toBeVisible();
  const types = await offeredTypes(page.request, await venueId(page.request, leeds.slug));
  expect(types.find((type) => type.slug === 'junior')?.is_purchasable).toEqual({
    can_purchase: false,
    has_prices: false,
    message: 'You are not eligible for this membership',
  });
});
