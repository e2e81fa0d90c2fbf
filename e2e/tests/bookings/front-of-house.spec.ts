import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  addFirstBookableCourt,
  agreeToCheckoutTerms,
  basketItem,
  expectCheckoutSuccessful,
  openDay,
  proceedToCheckout,
} from '../../support/bookings';
import { createCustomer, logInThroughApi, writeHeaders } from '../../support/customers';
import { okJson } from '../../support/member-api';
import { bookAndPay, findSession } from '../../support/sessions';
import { signInStaffThroughApi } from '../../support/staff';

/** What the journey reads of `GET api/my-account/orders/{orderId}`. */
interface OrderAnswer {
  data: {
    reference: string;
    source: string;
    total: number;
    items: { name: string; cartable_resource: { name: string; location: { name: string } } }[];
    payments: { tender_type: string; amount: number }[];
  };
}

/** shell-session-basket.md 1, 4 and 7: a staff user books for a customer and takes offline tenders. */
test('front-of-house staff book a court for a customer and take the exact amount in cash', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'foh');
  const name = `${customer.firstName} ${customer.lastName}`;

  // The staff user signs in through the console (password and second factor) in this browser, so
  // the bookings site sees the session cookie.
  await page.goto('/');
  await signInStaffThroughApi(page.request);

  // Choose the customer on the basket page.
  await page.goto('/basket');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a customer' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer.email);
  const results = page.getByRole('list', { name: 'Customers' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expectNoA11yViolations(page, 'front-of-house customer search');
  await results.getByRole('button', { name: `Select ${name}` }).click();
  await expect(page.getByText(new RegExp(`^Booking for ${name} \\(`))).toBeVisible();

  // Book a court for them.
  const day = await findSession(request, { venue: 'nottingham-trent-side', activity: 'badminton-40min' });
  await page.goto('/location/nottingham-trent-side/badminton-40min');
  const list = await openDay(page, day.date);
  const court = await addFirstBookableCourt(page, list);
  await expect(page.getByText(new RegExp(`^Booking for ${name} \\(`))).toBeVisible();
  await expect(basketItem(page, 'Badminton 40min')).toContainText(court);
  await expectNoA11yViolations(page, 'front-of-house basket');
  await proceedToCheckout(page);

  // Take payment: cash for exactly what is left to pay; no card frame.
  await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
  await agreeToCheckoutTerms(page);
  const take = page.getByRole('button', { name: 'Take payment' });
  await expect(take).toBeDisabled();
  const left = page.getByText(/^Left to pay: /);
  const amount = /^Left to pay: £(\d+\.\d{2})$/.exec((await left.textContent()) ?? '')?.[1] ?? '';
  expect(Number(amount)).toBeGreaterThan(0);
  await expect(page.getByRole('combobox', { name: 'Tender type' })).toHaveValue('cash');
  await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
  await page.getByRole('button', { name: 'Add tender' }).click();
  await expect(page.getByRole('list', { name: 'Tenders' }).getByRole('listitem')).toHaveText(
    new RegExp(`^Cash: £${amount.replace('.', '\\.')}`),
  );
  await expect(left).toHaveText('Left to pay: £0.00');
  await expectNoA11yViolations(page, 'front-of-house tenders');
  await take.click();

  const { orderId, reference } = await expectCheckoutSuccessful(page);
  await expect(page.getByRole('list', { name: 'Booked items' })).toContainText('Badminton 40min');
  await expectNoA11yViolations(page, 'front-of-house booking confirmed');

  // The order is the customer's, paid in cash.
  await logInThroughApi(request, customer);
  const response = await request.get(`/api/my-account/orders/${orderId}`);
  expect(response.status()).toBe(200);
  const order = ((await response.json()) as OrderAnswer).data;
  expect(order.reference).toBe(reference);
  expect(order.source).toBe('foh');
  expect(order.items.map((item) => item.cartable_resource.name)).toEqual(['Badminton 40min']);
  expect(order.items[0]?.cartable_resource.location.name).toBe(court);
  expect(order.payments).toEqual([
    expect.objectContaining({ tender_type: 'cash', amount: Math.round(Number(amount) * 100) }),
  ]);
  expect(order.total).toBe(Math.round(Number(amount) * 100));
});

/**
 * Gives `request`'s customer account credit the way customers get it: they book and pay for a court,
 * then cancel it before its cut-off (badminton credits the price back). Answers the credit, minor units.
 */
async function creditThroughCancellation(request: APIRequestContext): Promise<number> {
  // Two days ahead: tomorrow's first session is inside the cancellation cut-off late in the day.
  const session = await findSession(request, {
    venue: 'durham-wear-riverside',
    activity: 'badminton-60min',
    fromDaysAhead: 2,
  });
  const paid = await bookAndPay(request, session);
  const future = await okJson<{ data: { id: number; can_be_cancelled: boolean }[] }>(
    await request.get('/api/my-account/bookings?filter=future'),
  );
  const booking = future.data[0];
  expect(booking?.can_be_cancelled).toBe(true);
  await okJson(
    await request.patch('/api/v1/activities/bookings', {
      headers: await writeHeaders(request),
      data: {
        data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [booking?.id] },
      },
    }),
  );
  const user = await okJson<{ data: { credit: { balance: number } } }>(await request.get('/api/auth/user'));
  expect(user.data.credit.balance).toBe(paid);
  return paid;
}

/** shell-session-basket.md 4: offline tenders belong to the basket; after any change only credit stays. */
test('front-of-house tenders stay with the basket; after staff change it only the credit tender is left', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'foh-tenders');
  const name = `${customer.firstName} ${customer.lastName}`;
  await logInThroughApi(request, customer);
  const credit = await creditThroughCancellation(request);
  const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

  await page.goto('/');
  await signInStaffThroughApi(page.request);
  await page.goto('/basket');
  await page.getByRole('searchbox', { name: 'Find a customer' }).fill(customer.email);
  await page
    .getByRole('list', { name: 'Customers' })
    .getByRole('button', { name: `Select ${name}` })
    .click();
  await expect(page.getByText(new RegExp(`^Booking for ${name} \\(`))).toBeVisible();

  const day = await findSession(request, { venue: 'durham-wear-riverside', activity: 'badminton-40min' });
  await page.goto('/location/durham-wear-riverside/badminton-40min');
  await addFirstBookableCourt(page, await openDay(page, day.date));
  await expectNoA11yViolations(page, 'front-of-house basket');
  await proceedToCheckout(page);

  // The customer's credit shows beside the tenders; take a voucher and some credit.
  const tenders = page.getByRole('group', { name: 'Take payment' });
  await expect(tenders.getByText(`The customer's available credit: ${pounds(credit)}`)).toBeVisible();
  const addTender = async (type: string, amount: string) => {
    await page.getByRole('combobox', { name: 'Tender type' }).selectOption({ label: type });
    await page.getByRole('textbox', { name: /^Amount/ }).fill(amount);
    await page.getByRole('button', { name: 'Add tender' }).click();
  };
  await addTender('Voucher', '1.00');
  await addTender('Credit', '2.00');
  const taken = page.getByRole('list', { name: 'Tenders' }).getByRole('listitem');
  await expect(taken).toHaveText([/^Voucher: £1\.00/, /^Credit: £2\.00/]);
  await expectNoA11yViolations(page, 'front-of-house tenders with credit');

  // Staff leave checkout to look at the basket and come back: nothing changed, the tenders are there.
  await page.getByRole('link', { name: 'Edit basket' }).click();
  await proceedToCheckout(page);
  await expect(taken).toHaveText([/^Voucher: £1\.00/, /^Credit: £2\.00/]);

  // They add another court: the basket changed, so only the credit tender stays.
  await page.getByRole('link', { name: 'Edit basket' }).click();
  await page.goto('/location/durham-wear-riverside/badminton-40min');
  await addFirstBookableCourt(page, await openDay(page, day.date));
  await proceedToCheckout(page);
  await expect(taken).toHaveText([/^Credit: £2\.00/]);
  await agreeToCheckoutTerms(page);

  // The rest in cash, and the order is paid with credit and cash.
  const left = /^Left to pay: £(\d+\.\d{2})$/.exec(
    (await page.getByText(/^Left to pay: /).textContent()) ?? '',
  )?.[1];
  await addTender('Cash', left ?? '');
  await expect(page.getByText(/^Left to pay: /)).toHaveText('Left to pay: £0.00');
  await page.getByRole('button', { name: 'Take payment' }).click();
  const { orderId } = await expectCheckoutSuccessful(page);
  const order = await okJson<OrderAnswer>(await request.get(`/api/my-account/orders/${orderId}`));
  expect(order.data.payments).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ tender_type: 'credit', amount: 200 }),
      expect.objectContaining({ tender_type: 'cash', amount: Math.round(Number(left) * 100) }),
    ]),
  );
});
