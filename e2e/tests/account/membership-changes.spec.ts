import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { answerField } from '../../support/account';
import {
  agreeToCheckoutTerms,
  billingAddress,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import {
  type Customer,
  createCustomer,
  dataFieldForm,
  fieldsOf,
  logInThroughApi,
  validAnswer,
  writeHeaders,
} from '../../support/customers';
import { expectOpen, selectMembership, venueId } from '../../support/joining';

/**
 * my-account.md 2.6 (Freeze modal, Renew modal, change page) and joining-and-payments.md "Change
 * costs": a member asks to freeze with a doctor's note, staff approve it; a member whose year ends
 * this month renews through a card checkout; a monthly member changes to another membership through
 * the joining sections and checkout, keeping their direct debit.
 */

function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

async function json<T>(
  answer: { json(): Promise<unknown>; status(): number; text(): Promise<string> },
  status = 200,
) {
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

/** Pays the open basket by card through the API (a shortcut for journeys about something else). */
async function payBasketThroughApi(request: APIRequestContext): Promise<void> {
  const cart = await json<{ data: { id: number; item_hash: string; total: number } }>(
    await request.get('/api/activities/cart'),
  );
  const checkoutTerms = await json<{ data: { id: number }[] }>(
    await request.get(`/api/terms?cart_id=${cart.data.id}`),
  );
  const token = await json<{ token: string }>(
    await request.post('/sandbox-pay/tokens', {
      data: { card_number: testCards.succeeds, expiry_month: 12, expiry_year: 2031, cvc: '123', name: 'E2E' },
    }),
  );
  await json(
    await request.post('/api/checkout/complete', {
      headers: await writeHeaders(request),
      data: {
        item_hash: cart.data.item_hash,
        terms: checkoutTerms.data.map((term) => term.id),
        completed_waivers: [],
        payments: [{ tender_type: 'card', amount: cart.data.total, info: null }],
        card: {
          token: token.token,
          save_card: false,
          billing: {
            first_name: 'E2E',
            last_name: 'Member',
            address_line_1: billingAddress.addressLine1,
            town: billingAddress.town,
            postcode: billingAddress.postcode,
          },
        },
      },
    }),
  );
}

/** Joins Swim Only monthly by direct debit through the joining calls and a card checkout. */
async function joinSwimMonthly(request: APIRequestContext): Promise<number> {
  const venue = await venueId(request, 'leeds-riverside');
  const types = await json<{
    data: { id: number; slug: string; payment_options: { id: number; payment_type: string }[] }[];
  }>(await request.get(`/api/memberships/types?venue_id=${venue}`));
  const type = types.data.find((candidate) => candidate.slug === 'swim-only');
  const option = type?.payment_options.find((candidate) => candidate.payment_type === 'recurring');
  if (!type || !option) throw new Error('no monthly Swim Only');
  const termIds: number[] = [];
  for (const kind of ['health_commitment', 'membership']) {
    const terms = await json<{ data: { id: number }[] }>(await request.get(`/api/terms?type=${kind}`));
    termIds.push(...terms.data.map((term) => term.id));
  }
  const validated = await json<{ data: { details_token: string } }>(
    await request.post('/api/online-joining/direct-debit/validate', {
      headers: await writeHeaders(request),
      data: { account_holder_name: 'E2E Member', account_number: '55779911', sort_code: '200000' },
    }),
  );
  const submitted = await json<{ data: { membership: { id: number } } }>(
    await request.post('/api/online-joining/memberships', {
      headers: await writeHeaders(request),
      data: {
        membership_type_id: type.id,
        payment_option_id: option.id,
        home_venue_id: venue,
        start_date: londonToday(),
        billing_day: 1,
        terms: termIds,
        answers: [],
        direct_debit: { token: validated.data.details_token },
      },
    }),
    201,
  );
  await payBasketThroughApi(request);
  return submitted.data.membership.id;
}

async function signedInMember(page: Page, tag: string): Promise<Customer> {
  const customer = await createCustomer(page.request, tag);
  await logInThroughApi(page.request, customer);
  return customer;
}

async function openManage(page: Page, typeName: string) {
  await page.getByRole('button', { name: new RegExp(`^Manage membership ${typeName}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage membership' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const doctorsNote = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('freeze with proof: reason, start date, period and a doctor’s note; then pending approval', async ({
  page,
}) => {
  await signedInMember(page, 'freeze');
  const membershipId = await joinSwimMonthly(page.request);
  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();

  const manage = await openManage(page, 'Swim Only');
  await manage.getByRole('button', { name: 'Freeze membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Freeze your membership' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Swim Only');
  await expect(dialog).toContainText(`Membership no. ${membershipId}`);
  await expect(dialog.getByLabel(/^Start date/)).toHaveValue(londonToday());
  await expect(dialog.getByRole('combobox', { name: /^Time period/ })).toBeDisabled();
  const submit = dialog.getByRole('button', { name: 'Submit freeze request' });
  await expect(submit).toBeDisabled();
  await expectNoA11yViolations(page, 'freeze modal');

  await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Medical' });
  const proof = dialog.getByRole('group', { name: 'Proof of eligibility required' });
  await expect(proof).toContainText('A letter or fit note from your doctor');
  await dialog.getByRole('combobox', { name: /^Time period/ }).selectOption({ label: '2 months' });
  await proof.getByRole('combobox', { name: /^Document type/ }).selectOption({ label: "Doctor's note" });
  await expect(submit).toBeDisabled();
  await proof
    .getByLabel(/^Document/, { exact: false })
    .last()
    .setInputFiles({
      name: 'fit-note.pdf',
      mimeType: 'application/pdf',
      buffer: doctorsNote,
    });
  await expect(submit).toBeEnabled();
  await expectNoA11yViolations(page, 'freeze modal, completed with proof');
  await submit.click();

  const done = page.getByRole('dialog', { name: 'Freeze request submitted' });
  await expect(done).toContainText('Medical');
  await expect(done).toContainText('2 months');
  await expect(done.getByRole('link', { name: 'fit-note.pdf' })).toBeVisible();
  await expectNoA11yViolations(page, 'freeze confirmation');
  // The dialog's own × is also called 'Close': the action button is the last one.
  await done.getByRole('button', { name: 'Close' }).last().click();

  // Pending approval: a second request is refused; the member's list says so.
  const list = await json<{ data: { id: number; freeze_pending: boolean }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  expect(list.data.find((row) => row.id === membershipId)?.freeze_pending).toBe(true);
  const freezes = await json<{ data: { freeze_types: { id: number; reason: string }[] } }>(
    await page.request.get(`/api/my-account/user/memberships/${membershipId}/freezetypes`),
  );
  const travel = freezes.data.freeze_types.find((type) => type.reason === 'Travel');
  const second = await page.request.post(`/api/my-account/user/memberships/${membershipId}/freeze`, {
    headers: await writeHeaders(page.request),
    multipart: { freeze_type_id: String(travel?.id), active_from: londonToday(), months: '1' },
  });
  expect(second.status()).toBe(422);
  expect(((await second.json()) as { errors: Record<string, string[]> }).errors.membership_id).toEqual([
    'Membership freeze is pending',
  ]);
  await page.reload();
  const again = await openManage(page, 'Swim Only');
  await expect(again.getByRole('button', { name: /^Freeze membership/ })).toBeDisabled();
  await expect(again).toContainText('Membership freeze is pending');
});

test('renew through checkout: the renewal details, then the card checkout', async ({ page }) => {
  // A single payment year ending this month cannot be bought through the API: the seeded member has one.
  await logInThroughApi(page.request, {
    email: 'renewable@example.com',
    password: 'Member-Pass-1',
    firstName: 'Jamie',
    lastName: 'Renner',
  });
  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
  const manage = await openManage(page, 'Anytime Gym');
  await manage.getByRole('button', { name: 'Renew membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew membership' });
  await expect(dialog.getByText('Access level')).toBeVisible();
  await expect(dialog.getByText('12 months')).toBeVisible();
  await expect(dialog.getByText('Total to pay now: £349.00')).toBeVisible();
  await expectNoA11yViolations(page, 'renew modal');
  await dialog.getByRole('button', { name: 'Renew membership' }).click();

  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('To pay: £349.00')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, 'Jamie Renner');
  await fillBilling(page, { firstName: 'Jamie', lastName: 'Renner' });
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  const list = await json<{ data: { id: number; can_renew: boolean; renew_forbid_reason: string | null }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  expect(
    list.data.some((row) => row.renew_forbid_reason === 'This membership has already been renewed.'),
  ).toBe(true);
});

test('change membership: the joining sections with the change costs, then checkout; the instruction carries on', async ({
  page,
}) => {
  const customer = await signedInMember(page, 'change');
  const membershipId = await joinSwimMonthly(page.request);
  await page.goto('/account/memberships');
  const manage = await openManage(page, 'Swim Only');
  await manage.getByRole('button', { name: 'Change membership' }).click();

  await expect(page).toHaveURL(new RegExp(`/account/memberships/change/${membershipId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Change Membership' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to memberships' })).toBeVisible();
  await expectOpen(page, 'membership', 1);
  await expectNoA11yViolations(page, 'change membership page');
  await selectMembership(page, 'Off-Peak').click();
  await expectOpen(page, 'details', 2);
  await expect(page.getByRole('button', { name: 'Edit Membership selection' })).toBeVisible();
  // A member answers the membership-purchase questions their registration did not ask.
  for (const field of fieldsOf(await dataFieldForm(page.request, 'membership_purchase'))) {
    const empty =
      field.answer === null || field.answer === '' || (Array.isArray(field.answer) && !field.answer.length);
    if (field.is_required && field.is_authorised && empty) {
      await answerField(page, field, field.type === 'date' ? '1990-05-17' : validAnswer(field, customer));
    }
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectOpen(page, 'review', 3);
  const costs = page.getByRole('region', { name: 'Change costs' });
  await expect(costs).toContainText('Total due now');
  await expect(costs).toContainText('than your current membership');
  await expectNoA11yViolations(page, 'change membership review with the change costs');
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  const list = await json<{ data: { id: number; status: string; membership_type: { name: string } }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  expect(list.data.find((row) => row.membership_type.name === 'Off-Peak')?.status).toBe('active');
  const user = await json<{ data: { has_instruction: boolean } }>(await page.request.get('/api/auth/user'));
  expect(user.data.has_instruction).toBe(true);
});
