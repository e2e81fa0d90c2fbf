import { expect, type Locator, test } from '@playwright/test';
import {
  addFirstBookableCourt,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  openDay,
  proceedToCheckout,
  testCards,
} from '../../support/bookings';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { tabTo } from '../../support/keyboard';
import { findSession } from '../../support/sessions';

/** Whether `control` has the focus and draws a focus indicator (an outline or a ring of shadow). */
async function expectFocusRing(control: Locator): Promise<void> {
  await expect(control).toBeFocused();
  const ring = await control.evaluate((element) => {
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return { outline, shadow: style.boxShadow !== 'none' };
  });
  expect(ring.outline || ring.shadow, `${control} shows a focus indicator`).toBe(true);
}

/**
 * WCAG 2.4.3 and 2.4.7: a keyboard-only customer agrees to the checkout terms and types the card
 * number. Closing the terms with 'I Agree' gives focus back to the (now ticked) box with its focus
 * ring; Tab then reaches the card number inside the provider's frame, past 'Terms and Conditions'.
 */
test('keyboard only: agree to the terms, then Tab to the card number and type it, with a focus ring all the way', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'keyboard');
  await logInThroughApi(page.request, customer);
  const day = await findSession(page.request, { venue: 'leeds-riverside', activity: 'badminton-40min' });
  await page.goto('/location/leeds-riverside/badminton-40min');
  const list = await openDay(page, day.date);
  await addFirstBookableCourt(page, list);
  await proceedToCheckout(page);

  const box = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  await tabTo(page, box);
  await page.keyboard.press('Space');
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  const region = terms.getByRole('region', { name: 'Terms and Conditions' });
  // Read to the end with the keyboard: the terms are a focusable scroll region.
  await tabTo(page, region);
  await page.keyboard.press('End');
  const agree = terms.getByRole('button', { name: 'I Agree' });
  await expect(agree).toBeEnabled();
  await tabTo(page, agree);
  await page.keyboard.press('Enter');
  await expect(terms).toBeHidden();

  // Back on the box, ticked, with its focus ring: not on the frame element, where nothing shows.
  await expect(box).toBeChecked();
  await expectFocusRing(box);

  // The expected Tabs: the 'Terms and Conditions' button, then the frame's first field.
  await page.keyboard.press('Tab');
  await expectFocusRing(page.getByRole('button', { name: 'Terms and Conditions' }));
  await page.keyboard.press('Tab');
  const cardNumber = cardFrame(page).getByLabel('Card number');
  await expectFocusRing(cardNumber);
  await page.keyboard.type(testCards.succeeds);
  await expect(cardNumber).toHaveValue(testCards.succeeds);

  // The rest of the card, still by keyboard: each field is one Tab on.
  await page.keyboard.press('Tab');
  await expectFocusRing(cardFrame(page).getByLabel('Expiry (MM/YY)'));
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);
});
