import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  agreeToCheckoutTerms,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import {
  costRow,
  expectOpen,
  expectSections,
  leeds,
  offeredTypes,
  registerInYourDetails,
  selectMembership,
  signedInUser,
  venueId,
} from '../../support/joining';
import { waitForEmail } from '../../support/mail';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/**
 * joining-and-payments.md 2: a single-payment membership needs no direct debit, so 'Monthly
 * payment' and 'Confirm your details' are hidden and the sections after them are renumbered;
 * Review's Continue submits and the whole price is paid by card.
 */
test('a visitor buys a single-payment membership: no direct debit, sections renumbered, paid by card', async ({
  page,
  request,
}) => {
  await page.goto(`/join/centre/${leeds.slug}`);
  await expectOpen(page, 'membership', 2);

  // 'Single payment' lists the fixed options only.
  await page.getByRole('radio', { name: 'Single payment' }).check();
  await expect(selectMembership(page, 'Swim Only')).toBeVisible();
  await expect(selectMembership(page, 'Off-Peak')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Membership type' }).selectOption({ label: 'Swim' });
  await expect(selectMembership(page, 'Anytime Gym')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Memberships' })).toContainText('£60.00 for 3 months');
  await expectNoA11yViolations(page, 'membership selection: single payment, Swim');
  await selectMembership(page, 'Swim Only').click();
  await expect(page).toHaveURL(new RegExp(`/join/centre/${leeds.slug}/membership/swim-only/fixed$`));

  // No questions and no direct debit: five sections, numbered 1 to 5.
  await expectOpen(page, 'details', 3);
  await expectSections(page, ['centre', 'membership', 'details', 'review', 'checkout']);
  const visitor = await registerInYourDetails(page, request, 'join-single', {
    a11yLabel: 'your details (single payment)',
  });

  // Review & select dates is step 4: no billing day; the fee is the whole price.
  await expectOpen(page, 'review', 4);
  await expect(page.getByRole('combobox', { name: /^Billing day/ })).toHaveCount(0);
  await expect(costRow(page, 'Membership fee')).toHaveText('£60.00');
  await expect(costRow(page, 'Total to pay now')).toHaveText('£60.00');
  await expectNoA11yViolations(page, 'review & select dates (single payment)');
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 5, Checkout, then the card checkout of the bookings site.
  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('To pay: £60.00')).toBeVisible();
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${visitor.firstName} ${visitor.lastName}`);
  await fillBilling(page, visitor);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  // Active, with no direct debit instruction.
  const user = await signedInUser(page.request);
  expect(user.email).toBe(visitor.email);
  expect(user.has_instruction).toBe(false);
  const types = await offeredTypes(page.request, await venueId(page.request, leeds.slug));
  expect(types.find((type) => type.slug === 'swim-only')?.is_purchasable).toEqual({
    can_purchase: false,
    has_prices: true,
    message: 'You already have this membership.',
  });

  // The welcome email with the membership's key facts, over SMTP.
  const welcome = await waitForEmail(visitor.email, 'Welcome to your Swim Only membership');
  expect(welcome.text).toContain(`Your Swim Only membership at ${leeds.name} starts on`);
  expect(welcome.text).toContain('Single payment: your membership runs until');
  expect(welcome.text).toContain('Paid today: £60.00');
});
