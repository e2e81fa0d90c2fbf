import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { logInThroughModal } from '../../support/bookings';
import { createCustomer } from '../../support/customers';
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

/** Asked of a new account before buying: shown only when the selection may be bought. */
const moreDetailsNotice = 'Your account is ready. We need a few more details before you buy a membership.';

/**
 * joining-and-payments.md 2, 4 and 8: a visitor may pick any membership; as soon as the account
 * exists, eligibility is checked again (issue 45). An adult who chose Junior (ages 11 to 17) is told
 * 'You are ineligible for the membership you selected.' at once, before Your details asks for
 * anything more; the selection is reset and they are back at Membership selection, where Junior is
 * no longer offered to them.
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
  await registerInYourDetails(page, request, 'join-ineligible', {
    dateOfBirth: '1990-05-17',
    purchaseDetails: false,
  });

  // Told at once, with no purchase details asked: back at Membership selection, nothing selected.
  await expect(page.getByText('You are ineligible for the membership you selected.')).toBeVisible();
  await expectOpen(page, 'membership', 2);
  await expect(page.getByText(moreDetailsNotice)).toHaveCount(0);
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

/**
 * The same check after a login within the flow: a visitor opens the Junior deep link, logs in from
 * Your details as an adult, and hears at once that Junior is not for them.
 */
test('an adult who logs in on the junior deep link is told at once that they are ineligible', async ({
  page,
  request,
}) => {
  const adult = await createCustomer(request, 'join-ineligible-login');
  await page.goto(`/join/centre/${leeds.slug}/membership/junior/recurring`);
  await expectOpen(page, 'details', 3);
  await page
    .getByRole('region', { name: 'Step 3: Your details' })
    .getByRole('button', { name: 'Log in', exact: true })
    .click();
  await logInThroughModal(page, adult);

  await expect(page.getByText('You are ineligible for the membership you selected.')).toBeVisible();
  await expectOpen(page, 'membership', 2);
  await expect(
    page.getByRole('region', { name: 'Step 2: Membership selection' }).getByRole('alert'),
  ).toHaveText('You are not eligible for this membership');
  await expect(page.getByText(moreDetailsNotice)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
});
