import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  addFirstBookableCourt,
  agreeToCheckoutTerms,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  openDay,
  proceedToCheckout,
  testCards,
  typeCard,
} from '../../support/bookings';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { findSession } from '../../support/sessions';

/** 'Pay now' never hangs: a card frame that does not load is reported within seconds, and a retry works. */
test("a card frame that never loads: 'Pay now' says so within seconds and works on the retry", async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'frame-hangs');
  await logInThroughApi(page.request, customer);
  const day = await findSession(page.request, { venue: 'exeter-exe-quay', activity: 'badminton-40min' });

  // The provider's frame page never answers the first time it is asked for.
  await page.route('**/sandbox-pay/frame?*', () => undefined, { times: 1 });
  await page.clock.install();
  await page.goto('/location/exeter-exe-quay/badminton-40min');
  const list = await openDay(page, day.date);
  await addFirstBookableCourt(page, list);
  await proceedToCheckout(page);
  await agreeToCheckoutTerms(page);
  await fillBilling(page, customer);

  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await page.clock.fastForward('00:09');
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toHaveText('The card form is not ready, please try again.');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  await expectNoA11yViolations(page, 'checkout after the card form did not answer');

  // The frame is loaded again; this time it comes, and the payment goes through.
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);
  await expect(page.getByRole('list', { name: 'Booked items' })).toContainText('Badminton 40min');
});
