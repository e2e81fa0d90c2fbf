import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  addFirstBookableCourt,
  agreeToCheckoutTerms,
  basketItem,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  logInThroughModal,
  openDay,
  proceedToCheckout,
  testCards,
  typeCard,
} from '../../support/bookings';
import { createCustomer } from '../../support/customers';
import { findSession } from '../../support/sessions';

/**
 * One server under any name (docs/decisions/016-public-urls.md): the journeys' base URL is `localhost`; here the
 * browser uses `127.0.0.1`, with no PUBLIC_*_URL set. The card frame, the client's links and the
 * joining site's basket link must all stay on the host the browser used, with its session (the
 * client's links are same-origin paths: the server never repeats a request's Host, issue 44).
 */
test('a customer on http://127.0.0.1 logs in, goes from joining to the basket, books a court and pays by card', async ({
  page,
  request,
}) => {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT}`;
  const customer = await createCustomer(request, 'any-host');
  const day = await findSession(request, { venue: 'bristol-harbourside', activity: 'badminton-40min' });

  // Log in on the bookings site, at 127.0.0.1.
  await page.goto(`${origin}/location/bristol-harbourside/badminton-40min`);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await logInThroughModal(page, customer);

  // The joining site's basket link stays on this host, so the session goes with it.
  await page.goto(`${origin}/join/`);
  const basketLink = page.getByRole('banner').getByRole('link', { name: /^Basket/ });
  await expect(basketLink).toHaveAttribute('href', '/basket');
  await basketLink.click();
  await expect(page).toHaveURL(`${origin}/basket`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expect(page.getByText('Your basket is empty')).toBeVisible();
  await expect(page.getByText('Log in to add items to your basket')).toHaveCount(0);

  // Book a court.
  await page.goto(`${origin}/location/bristol-harbourside/badminton-40min`);
  const list = await openDay(page, day.date);
  const court = await addFirstBookableCourt(page, list);
  await expect(page).toHaveURL(`${origin}/basket`);
  await expect(basketItem(page, 'Badminton 40min')).toContainText(court);
  await expectNoA11yViolations(page, 'basket on 127.0.0.1');
  await proceedToCheckout(page);

  // The card frame comes from this host, so the page's CSP lets it in and its messages are heard.
  await expect(page.locator('iframe[title="Card details"]')).toHaveAttribute(
    'src',
    `${origin}/sandbox-pay/frame?origin=${encodeURIComponent(origin)}`,
  );
  await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
  await expectNoA11yViolations(page, 'checkout with the card frame on 127.0.0.1');
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();

  await expectCheckoutSuccessful(page);
  await expect(page).toHaveURL(new RegExp(`^${origin.replaceAll('.', '\\.')}/booking-confirmed/\\d+$`));
  await expect(page.getByRole('list', { name: 'Booked items' })).toContainText('Badminton 40min');
  await expectNoA11yViolations(page, 'booking confirmed on 127.0.0.1');
});
