import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  agreeToCheckoutTerms,
  basketItem,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  proceedToCheckout,
  testCards,
  typeCard,
} from '../../support/bookings';
import { writeHeaders } from '../../support/customers';
import { leeds, promoCodes } from '../../support/joining';
import { waitForEmail } from '../../support/mail';
import { okJson, signedInMember, submitMembershipThroughApi } from '../../support/member-api';
import { findSession } from '../../support/sessions';

test.use({ timezoneId: 'Europe/London' });

/** What the journey reads of a membership line's costs (`cartable_resource.new_membership`). */
interface Costs {
  pro_rata_days: number;
  fees: Record<'pro_rata_fee', { formatted: string }>;
  total_to_pay_now: { formatted: string };
  pretty_first_billing_date: string | null;
}
interface NewMembership {
  pretty_start_date: string;
  costs: Costs;
}

/** A line's rows as 'Label: value', in order. */
async function rowsOf(line: Locator): Promise<string[]> {
  const terms = line.getByRole('term');
  const rows: string[] = [];
  for (const term of await terms.all()) {
    const value = await term.locator('xpath=following-sibling::dd[1]').textContent();
    rows.push(`${await term.textContent()}: ${value}`);
  }
  return rows;
}

/** The membership rows every view of the Off-Peak line shows (joining fee £15.00 half off with WELCOME50). */
function offPeakRows(membership: NewMembership): string[] {
  const { costs } = membership;
  const days = costs.pro_rata_days;
  return [
    `Home centre: ${leeds.name}`,
    'Payment type: Monthly',
    `Start date: ${membership.pretty_start_date}`,
    'Joining fee: £15.00',
    ...(days > 0
      ? [`Pro-rata (${days} day${days === 1 ? '' : 's'}): ${costs.fees.pro_rata_fee.formatted}`]
      : []),
    'Month in hand: £24.99',
    `Discount (${promoCodes.welcome}): -£7.50`,
    `Total to pay now: ${costs.total_to_pay_now.formatted}`,
    `First billing date: ${costs.pretty_first_billing_date}`,
    'Monthly payment: £24.99',
  ];
}

async function membershipOfBasket(page: Page): Promise<NewMembership> {
  const cart = await okJson<{
    data: { items: { cartable_resource: { new_membership: NewMembership | null } }[] };
  }>(await page.request.get('/api/activities/cart'));
  const line = cart.data.items.find((item) => item.cartable_resource.new_membership);
  if (!line?.cartable_resource.new_membership) throw new Error('no membership line in the basket');
  return line.cartable_resource.new_membership;
}

/**
 * Issue 14: a membership in the basket, at checkout, on the confirmation page and in the order email
 * reads as a membership (home centre, payment type, start date, fee lines, total to pay now, first
 * billing date and monthly amount), beside an activity that keeps its date, time and place.
 */
test('a membership and a court: each line its own way in the basket, checkout, confirmation and email', async ({
  page,
}) => {
  const { customer } = await signedInMember(page, 'membership-lines');
  await submitMembershipThroughApi(page.request, 'off-peak', 'recurring', {
    promotionCode: promoCodes.welcome,
  });
  const court = await findSession(page.request, { venue: leeds.slug, activity: 'badminton-40min' });
  await okJson(
    await page.request.post('/api/activities/cart/add', {
      headers: await writeHeaders(page.request),
      data: { items: [{ id: court.id, type: 'purchasableOccurrence' }] },
    }),
  );
  const membership = await membershipOfBasket(page);

  await page.goto('/basket');
  const line = basketItem(page, 'Off-Peak');
  await expect(line.getByRole('term').first()).toBeVisible();
  expect(await rowsOf(line)).toEqual(offPeakRows(membership));
  const courtLine = basketItem(page, court.name);
  await expect(courtLine).toContainText(court.time);
  await expect(courtLine.getByText('Quantity')).toBeVisible();
  await expectNoA11yViolations(page, 'basket with a membership and a court');

  await proceedToCheckout(page);
  const summary = page.getByRole('region', { name: 'Your basket' });
  expect(await rowsOf(summary.getByRole('listitem', { name: 'Off-Peak' }))).toEqual(offPeakRows(membership));
  await expectNoA11yViolations(page, 'checkout with a membership and a court');
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const { reference } = await expectCheckoutSuccessful(page);
  expect(await rowsOf(basketItem(page, 'Off-Peak'))).toEqual(offPeakRows(membership));
  await expect(basketItem(page, court.name)).toContainText(court.time);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await expectNoA11yViolations(page, 'confirmation of a membership and a court');

  const email = await waitForEmail(customer.email, `Booking confirmed: ${reference}`);
  for (const row of offPeakRows(membership)) {
    expect(email.text).toContain(row.replace(/^Pro-rata/, 'Pro-rata fee'));
  }
  expect(email.attachments.map((attachment) => attachment.filename)).toEqual([`${reference}.ics`]);
});

test('a membership on its own: the card form’s messages, no calendar on the confirmation, an order email without one', async ({
  page,
}) => {
  const { customer } = await signedInMember(page, 'membership-only');
  await submitMembershipThroughApi(page.request, 'swim-only', 'fixed');
  await page.goto('/basket/checkout');
  const line = basketItem(page, 'Swim Only');
  await expect(line.getByRole('term').first()).toBeVisible();
  const rows = await rowsOf(line);
  expect(rows).toContain('Payment type: Single payment');
  expect(rows).toContain('Membership fee: £60.00');
  expect(rows).toContain('Total to pay now: £60.00');
  expect(rows).toContain('Duration: 3 months');
  expect(rows.join('\n')).not.toMatch(/Time|Location|Quantity|First billing date/);
  await agreeToCheckoutTerms(page);
  await fillBilling(page, customer);
  // The card form's own messages (joining-and-payments.md 5), under its fields: first its own checks,
  // then the provider's (a number that fails the Luhn check, an expired card).
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill('4242');
  await frame.getByLabel('Expiry (MM/YY)').fill('13/30');
  await frame.getByLabel('CVC').fill('12');
  await frame.getByLabel('Name on card').fill(`${customer.firstName} ${customer.lastName}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(frame.getByLabel('Card number')).toHaveAccessibleDescription(
    'Please enter a valid card number',
  );
  await expect(frame.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
    'Please enter a valid expiry date',
  );
  await expect(frame.getByLabel('CVC')).toHaveAccessibleDescription('Please enter a valid security code');
  await frame.getByLabel('Card number').fill('4242 4242 4242 4241');
  await frame.getByLabel('Expiry (MM/YY)').fill('01/20');
  await frame.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(frame.getByLabel('Card number')).toHaveAccessibleDescription(
    'Please enter a valid card number',
  );
  await expect(frame.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription(
    'Please enter a valid expiry date',
  );
  await expect(frame.getByLabel('CVC')).toHaveAccessibleDescription('');
  await expectNoA11yViolations(page, 'checkout: card form messages');
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  const { reference } = await expectCheckoutSuccessful(page);
  expect(await rowsOf(basketItem(page, 'Swim Only'))).toEqual(rows);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'confirmation of a membership');
  const email = await waitForEmail(customer.email, `Order confirmed: ${reference}`);
  expect(email.text).toContain('Duration: 3 months');
  expect(email.attachments).toEqual([]);
});
