import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  agreeToCheckoutTerms,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import { writeHeaders } from '../../support/customers';
import { signedInMember } from '../../support/member-api';
import { signInStaffThroughApi } from '../../support/staff';

/**
 * joining-and-payments.md "Payments summary" to "Order history": a member pays selected fees
 * through the basket and a card checkout, edits and deletes the saved card, filters the order
 * history and downloads a receipt. Fees and credit come from a staff user, as at the front desk.
 */

async function _userIdOf(request: APIRequestContext): Promise<number> {
  const answer = await request.get('/api/auth/user');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

/** Staff issue penalties (and credit) to the member, through the staff endpoints. */
async function asStaff(request: APIRequestContext, userId: number) {
  await signInStaffThroughApi(request);
  const post = async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api/staff/customers/${userId}/${path}`, {
      headers: await writeHeaders(request),
      data,
    });
    expect(answer.status(), await answer.text()).toBe(201);
    return ((await answer.json()) as { data: { id: number } }).data;
  };
  return {
    penalty: (amount: number, description: string, type = 'late_cancellation') =>
      post('penalties', { type, amount, description }),
    credit: (amount: number, reason: string) =>
      post('credits', { amount, reason, description: `${reason} (e2e)` }),
  };
}

/** Pays penalties by credit through the basket and checkout API, as the bookings site would. */
async function payByCredit(
  request: APIRequestContext,
  penaltyIds: number[],
  amount: number,
): Promise<number> {
  const added = await request.post('/api/activities/cart/add', {
    headers: await writeHeaders(request),
    data: { items: penaltyIds.map((id) => ({ id, type: 'penalty' })) },
  });
  expect(added.status(), await added.text()).toBe(200);
  const cart = ((await added.json()) as { data: { id: number; item_hash: string } }).data;
  const terms = await request.get(`/api/terms?cart_id=${cart.id}`);
  const termIds = ((await terms.json()) as { data: { id: number }[] }).data.map((term) => term.id);
  const done = await request.post('/api/checkout/complete', {
    headers: await writeHeaders(request),
    data: {
      item_hash: cart.item_hash,
      terms: termIds,
      completed_waivers: [],
      payments: [{ tender_type: 'credit', amount, info: null }],
    },
  });
  expect(done.status(), await done.text()).toBe(200);
  return ((await done.json()) as { complete_order_id: number }).complete_order_id;
}

test('a member pays selected fees through the basket and a card checkout', async ({ page, request }) => {
  const { customer, userId } = await signedInMember(page, 'fees');
  const staff = await asStaff(request, userId);
  await staff.penalty(500, 'Badminton 40min');
  await staff.penalty(750, 'Spin Express', 'no_show');

  await page.goto('/account/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByText('You have unpaid fees on your account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay selected fees' })).toBeDisabled();
  await expectNoA11yViolations(page, 'payments summary with unpaid fees');

  await page.getByRole('button', { name: 'View detail' }).first().click();
  await expect(page.getByText('Badminton 40min')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hide detail' })).toBeVisible();
  await expectNoA11yViolations(page, 'unpaid fee detail open');

  // One fee, then all of them: the checkboxes follow the basket.
  const first = page.getByRole('checkbox', { name: 'Select Late cancellation fee of £5.00' });
  await first.check();
  await expect(first).toBeChecked();
  await expect(first).toBeEnabled();
  await page.getByRole('checkbox', { name: 'Select all fees' }).check();
  await expect(page.getByRole('checkbox', { name: 'Select No-show fee of £7.50' })).toBeChecked();
  await expect(page.getByText('Selected: £12.50')).toBeVisible();
  const cart = await page.request.get('/api/activities/cart');
  const lines = ((await cart.json()) as { data: { items: { cartable_type: string }[] } }).data.items;
  expect(lines.map((line) => line.cartable_type)).toEqual(['penalty', 'penalty']);

  // On to checkout on the bookings sub-site.
  await page.getByRole('link', { name: 'Pay selected fees' }).click();
  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByText('To pay: £12.50')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  await page.goto('/account/payments');
  await expect(page.getByText('You have no unpaid fees.')).toBeVisible();
  await expect(page.getByText('You have unpaid fees on your account')).toHaveCount(0);
  const penalties = await page.request.get('/api/my-account/user/penalties');
  expect(((await penalties.json()) as { data: unknown[] }).data).toEqual([]);
});

test('a member edits the billing details of the saved card, then deletes it', async ({ page, request }) => {
  const { customer, userId } = await signedInMember(page, 'card');
  // Save a card at a checkout of a small fee, as the bookings site does.
  const staff = await asStaff(request, userId);
  const fee = await staff.penalty(300, 'Yoga Flow');
  const tokenAnswer = await page.request.post('/sandbox-pay/tokens', {
    data: {
      card_number: testCards.succeeds,
      expiry_month: 12,
      expiry_year: 2031,
      cvc: '123',
      name: 'E2E',
    },
  });
  const token = ((await tokenAnswer.json()) as { token: string }).token;
  expect(token).toBeTruthy();
  const added = await page.request.post('/api/activities/cart/add', {
    headers: await writeHeaders(page.request),
    data: { items: [{ id: fee.id, type: 'penalty' }] },
  });
  const cart = ((await added.json()) as { data: { id: number } }).data;
  const terms = await page.request.get(`/api/terms?cart_id=${cart.id}`);
  const termIds = ((await terms.json()) as { data: { id: number }[] }).data.map((term) => term.id);
  const paid = await page.request.post('/api/checkout/complete', {
    headers: await writeHeaders(page.request),
    data: {
      terms: termIds,
      card: {
        token,
        save_card: true,
        billing: {
          first_name: customer.firstName,
          last_name: customer.lastName,
          address_line_1: '1 River Street',
          town: 'Leeds',
          postcode: 'LS1 4AP',
        },
      },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto('/account/payments');
  const methods = page.getByRole('region', { name: 'Payment Methods' });
  await expect(methods.getByText('Mastercard ending in 4242')).toBeVisible();
  await expectNoA11yViolations(page, 'payments summary with a saved card');
  await methods.getByRole('link', { name: 'Manage card' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Manage saved card' })).toBeVisible();
  await expect(page.getByText('Card details cannot be edited')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeDisabled();
  await expectNoA11yViolations(page, 'manage card');
  const postcode = page.getByRole('textbox', { name: /^Postcode/ });
  await postcode.fill('NOT A CODE');
  await postcode.blur();
  await expect(page.getByText('Please enter a valid postcode')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expectNoA11yViolations(page, 'manage card with an invalid postcode');
  await postcode.fill('YO1 7HH');
  await page.getByRole('textbox', { name: /^City/ }).fill('York');
  await page.getByRole('textbox', { name: /^Address line 2/ }).fill('Flat 2');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Billing details saved successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^City/ })).toHaveValue('York');
  await expect(page.getByRole('textbox', { name: /^Address line 2/ })).toHaveValue('Flat 2');

  await page.getByRole('button', { name: 'Delete card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete saved card' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'delete card confirmation');
  await dialog.getByRole('button', { name: 'Yes, delete card' }).click();
  await expect(page).toHaveURL(/\/account\/payments$/);
  await expect(page.getByText('Card deleted successfully')).toBeVisible();
  await expect(page.getByText('You can save details of a new card next time you checkout')).toBeVisible();
  await expectNoA11yViolations(page, 'payments summary after deleting the card');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Card deleted successfully')).toHaveCount(0);
  const cards = await page.request.get('/api/my-account/saved-cards');
  expect(((await cards.json()) as { data: unknown[] }).data).toEqual([]);
});

test('a member browses credit, filters the order history and downloads a receipt', async ({
  page,
  request,
}) => {
  const { userId } = await signedInMember(page, 'orders');
  const staff = await asStaff(request, userId);
  await staff.credit(2000, 'Goodwill gesture');
  const fees = [await staff.penalty(400, 'Squash 40min'), await staff.penalty(600, 'Aqua Fit')];
  const firstOrder = await payByCredit(page.request, [fees[0]?.id ?? 0], 400);
  await payByCredit(page.request, [fees[1]?.id ?? 0], 600);

  // Credit: balances, added and spent, and a detail modal.
  await page.goto('/account/payments/credit');
  await expect(page).toHaveURL(/\/payments\/credit\/added$/);
  await expect(page.getByLabel('Booking credit balance')).toContainText('£10.00');
  await expect(page.getByRole('cell', { name: 'Goodwill gesture', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'credit added');
  await page.getByRole('link', { name: 'Credit spent' }).click();
  await expect(page.getByRole('cell', { name: '£6.00', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'credit spent');
  await page
    .getByRole('button', { name: /^View detail/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Credit details' });
  await expect(detail.getByText(/^ORD-\d+$/)).toBeVisible();
  await expectNoA11yViolations(page, 'credit detail modal');
  await page.keyboard.press('Escape');

  // Order history with the date filter.
  await page.getByRole('link', { name: 'Order history' }).click();
  const table = page.getByRole('table', { name: 'Order history' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
  await expect(table.getByRole('cell', { name: today }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'order history');
  const iso = today.split('/').reverse().join('-');
  const [y, m, d] = iso.split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);

  await page.getByRole('button', { name: 'Filter by date' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter orders by date' });
  await expectNoA11yViolations(page, 'order history filter modal');
  await filter.getByLabel('From').fill(tomorrow);
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No orders')).toBeVisible();
  await page.getByRole('button', { name: 'Filter by date' }).click();
  await filter.getByLabel('From').fill(iso);
  await filter.getByLabel('To').fill(iso);
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);

  // The receipt is a real PDF download.
  const reference = `ORD-${String(firstOrder).padStart(6, '0')}`;
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download receipt for ${reference}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${reference}.pdf`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The order detail.
  await page.getByRole('link', { name: `View order ${reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${reference}` })).toBeVisible();
  await expect(page.getByText('Late cancellation fee: Squash 40min')).toBeVisible();
  await expect(page.getByText(today)).toBeVisible();
  await expectNoA11yViolations(page, 'order detail');
});
