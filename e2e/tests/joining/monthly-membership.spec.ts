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
  blockMapTiles,
  costRow,
  expectOpen,
  expectSections,
  leeds,
  offeredTypes,
  promoCodes,
  registerInYourDetails,
  sandboxBank,
  sectionToggle,
  selectMembership,
  signedInUser,
  venueId,
} from '../../support/joining';
import { waitForEmail } from '../../support/mail';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/** What the journey reads of `GET api/memberships/types/{typeId}/payment-options/{optionId}`. */
interface PriceAnswer {
  data: { total_to_pay_now: { raw: number; formatted: string } };
}

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

/**
 * joining-and-payments.md 2 and 4, issue 4 section 3: a visitor finds a centre by map search, picks
 * a monthly membership, registers, answers the questions, applies a promo code, enters the sandbox
 * bank details, confirms, pays the first amount by card and has the membership and the mandate.
 */
test('a visitor joins monthly: map search, register, questions, promo code, direct debit, card', async ({
  page,
  request,
}) => {
  await blockMapTiles(page);
  await page.goto('/join/');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy a membership' })).toBeVisible();
  // Before a choice nothing needs a direct debit or questions: those sections are hidden.
  await expectSections(page, ['centre', 'membership', 'details', 'review', 'checkout']);
  await expectOpen(page, 'centre', 1);

  // 1. Choose your home centre: the map, searched by town.
  const search = page.getByRole('searchbox', { name: 'Search by town, city or centre name' });
  await expect(search).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of centres' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Search radius: 5 miles' })).toHaveValue('5');
  await expect(page.getByRole('heading', { level: 3, name: /^\d+ centres$/ })).toBeVisible();
  await expectNoA11yViolations(page, 'centre: map before search');
  await search.fill('Leeds');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // 'Leeds' matches a centre's name, so the map flies to that centre and lists what is around it.
  await expect(
    page.getByRole('heading', { level: 3, name: `1 centre within 5 miles of ${leeds.name}` }),
  ).toBeVisible();
  // The map flies in: 'Search this area' appears above zoom 8.
  await expect(page.getByRole('button', { name: 'Search this area' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
  await expectNoA11yViolations(page, 'centre: map after searching Leeds');
  await page.getByRole('button', { name: `Select ${leeds.name}` }).click();

  // 2. Membership selection: Monthly by default, all types.
  await expect(page).toHaveURL(new RegExp(`/join/centre/${leeds.slug}$`));
  await expectOpen(page, 'membership', 2);
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Membership type' })).toHaveValue('');
  await expect(selectMembership(page, 'Anytime Gym')).toBeEnabled();
  await expectNoA11yViolations(page, 'membership selection');
  await selectMembership(page, 'Anytime Gym').click();
  await expect(page).toHaveURL(new RegExp(`/join/centre/${leeds.slug}/membership/anytime-gym/recurring$`));

  // 3. Your details: register. Anytime Gym has questions, so section 4 appears.
  await expectOpen(page, 'details', 3);
  await expectSections(page, [
    'centre',
    'membership',
    'details',
    'questions',
    'review',
    'payment',
    'confirm',
    'checkout',
  ]);
  const visitor = await registerInYourDetails(page, request, 'join-monthly', {
    a11yLabel: 'your details (registration)',
  });

  // 4. Additional details: Continue waits for the required question.
  await expectOpen(page, 'questions', 4);
  const questionsContinue = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(questionsContinue).toBeDisabled();
  await expectNoA11yViolations(page, 'additional details');
  await page
    .getByRole('combobox', { name: /^How did you hear about us\?/ })
    .selectOption({ label: 'A friend' });
  await page.getByRole('spinbutton', { name: /^How many times a week/ }).fill('3');
  await page.getByRole('checkbox', { name: 'Get fitter' }).check();
  await questionsContinue.click();

  // 5. Review & select dates: billing day, the promo code, the breakdown, the terms.
  await expectOpen(page, 'review', 5);
  await expect(sectionToggle(page, 'questions', 4)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Answers saved')).toBeVisible();
  await expect(page.getByLabel(/^Start date/)).toBeVisible();
  const reviewContinue = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(reviewContinue).toBeDisabled();
  const priced = page.waitForResponse(
    (response) =>
      response.url().includes('/payment-options/') &&
      new URL(response.url()).searchParams.get('billing_day') === '1',
  );
  await page.getByRole('combobox', { name: /^Billing day/ }).selectOption('1');
  const before = ((await (await priced).json()) as PriceAnswer).data.total_to_pay_now;
  const total = costRow(page, 'Total to pay now');
  await expect(total).toHaveText(before.formatted);
  await expect(costRow(page, 'Joining fee')).toHaveText('£20.00');
  await expect(costRow(page, 'Discount')).toHaveCount(0);
  await expectNoA11yViolations(page, 'review & select dates');

  // An expired code is not recognised; the live one locks the input and discounts the joining fee.
  const promo = page.getByRole('textbox', { name: /^Promo code/ });
  await promo.fill(promoCodes.expired);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code not recognised')).toBeVisible();
  await expect(promo).toHaveAttribute('aria-invalid', 'true');
  await expect(costRow(page, 'Discount')).toHaveCount(0);
  await expectNoA11yViolations(page, 'review: promo code not recognised');
  await promo.fill(promoCodes.welcome);
  await expect(page.getByText('Code not recognised')).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: `Remove promo code ${promoCodes.welcome}` })).toBeVisible();
  await expect(promo).toHaveAttribute('readonly', '');
  await expect(page.getByText('Code applied')).toBeVisible();
  await expect(costRow(page, 'Discount')).toHaveText('-£10.00');
  await expect(total).toHaveText(pounds(before.raw - 1000));
  await expectNoA11yViolations(page, 'review: promo code applied');

  await expect(reviewContinue).toBeDisabled();
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await expect(reviewContinue).toBeEnabled();
  await reviewContinue.click();

  // 6. Monthly payment: the sandbox bank details, the address, the terms and the authorisation.
  await expectOpen(page, 'payment', 6);
  await expect(page.getByRole('textbox', { name: /^Account holder name/ })).toHaveValue(
    `${visitor.firstName} ${visitor.lastName}`,
  );
  const save = page.getByRole('button', { name: 'Save and continue' });
  await expect(save).toBeDisabled();
  await expectNoA11yViolations(page, 'monthly payment');
  await page.getByRole('textbox', { name: /^Account number/ }).fill(sandboxBank.accountNumber);
  await page.getByRole('textbox', { name: /^Sort code/ }).fill(sandboxBank.sortCode);
  await page.getByRole('textbox', { name: /^Address line 1/ }).fill('1 River Street');
  await page.getByRole('textbox', { name: /^City/ }).fill('Leeds');
  await page.getByRole('textbox', { name: /^Postcode/ }).fill('LS1 4AP');
  await page.getByRole('checkbox', { name: /^I agree to the Direct Debit Guarantee/ }).check();
  await expect(save).toBeDisabled();
  await page
    .getByRole('checkbox', {
      name: /^I am the account holder and the only person required to authorise debits from this account/,
    })
    .check();
  await expect(save).toBeEnabled();
  await save.click();

  // 7. Confirm your details: the summary, the account number masked.
  await expectOpen(page, 'confirm', 7);
  const confirm = page.getByRole('region', { name: 'Step 7: Confirm your details' });
  await expect(confirm).toContainText(leeds.name);
  await expect(confirm).toContainText('Anytime Gym');
  await expect(confirm).toContainText(promoCodes.welcome);
  // It restates what is paid now.
  await expect(
    confirm
      .getByRole('term')
      .filter({ hasText: /^Total to pay now$/ })
      .locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(pounds(before.raw - 1000));
  await expect(confirm).not.toContainText(sandboxBank.accountNumber);
  await expect(confirm).toContainText('******11');
  await expectNoA11yViolations(page, 'confirm your details');
  await confirm.getByRole('button', { name: 'Continue', exact: true }).click();

  // 8. Checkout: the basket's card checkout on the bookings site.
  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(`To pay: ${pounds(before.raw - 1000)}`)).toBeVisible();
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with the membership');
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${visitor.firstName} ${visitor.lastName}`);
  await fillBilling(page, visitor);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);
  await expectNoA11yViolations(page, 'checkout successful');

  // The membership is active and the mandate recorded, through the API.
  const user = await signedInUser(page.request);
  expect(user.email).toBe(visitor.email);
  expect(user.has_instruction).toBe(true);
  const types = await offeredTypes(page.request, await venueId(page.request, leeds.slug));
  const gym = types.find((type) => type.slug === 'anytime-gym');
  expect(gym?.is_purchasable).toEqual({
    can_purchase: false,
    has_prices: true,
    message: 'You already have this membership.',
  });

  // The welcome email with the membership's key facts, over SMTP.
  const welcome = await waitForEmail(visitor.email, 'Welcome to your Anytime Gym membership');
  expect(welcome.text).toContain(`Your Anytime Gym membership at ${leeds.name} starts on`);
  expect(welcome.text).toContain('£34.99 a month by direct debit');
  expect(welcome.text).toContain(`Paid today: ${pounds(before.raw - 1000)}`);
});
