import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  agreeToCheckoutTerms,
  billingAddress,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import { type Customer, createCustomer, logInThroughApi, writeHeaders } from '../../support/customers';
import { venueId } from '../../support/joining';

/**
 * my-account.md 2.6 and 2.7: a member cancels a monthly membership with an outstanding fee, paying
 * it through the basket and a card checkout; a student uploads a proof-of-eligibility document (a
 * renamed HTML page is refused), sees it rejected, and cancels a paid-in-full membership at once.
 * Memberships are bought through the joining API (as the joining flow does), fees come from staff.
 */

const staffLogin = { email: 'staff@example.com', password: 'Staff-Pass-1' } as const;

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

/** Buys a membership through the joining calls and a card checkout; answers the membership id. */
async function joinThroughApi(
  request: APIRequestContext,
  slug: string,
  paymentType: 'recurring' | 'fixed',
): Promise<number> {
  const venue = await venueId(request, 'leeds-riverside');
  const types = await json<{
    data: { id: number; slug: string; payment_options: { id: number; payment_type: string }[] }[];
  }>(await request.get(`/api/memberships/types?venue_id=${venue}`));
  const type = types.data.find((candidate) => candidate.slug === slug);
  const option = type?.payment_options.find((candidate) => candidate.payment_type === paymentType);
  if (!type || !option) throw new Error(`no ${paymentType} option of ${slug}`);
  const termIds: number[] = [];
  for (const kind of ['health_commitment', 'membership']) {
    const terms = await json<{ data: { id: number }[] }>(await request.get(`/api/terms?type=${kind}`));
    termIds.push(...terms.data.map((term) => term.id));
  }
  let directDebit: { token: string } | undefined;
  if (paymentType === 'recurring') {
    const validated = await json<{ data: { details_token: string } }>(
      await request.post('/api/online-joining/direct-debit/validate', {
        headers: await writeHeaders(request),
        data: { account_holder_name: 'E2E Member', account_number: '55779911', sort_code: '200000' },
      }),
    );
    directDebit = { token: validated.data.details_token };
  }
  const submitted = await json<{ data: { membership: { id: number } } }>(
    await request.post('/api/online-joining/memberships', {
      headers: await writeHeaders(request),
      data: {
        membership_type_id: type.id,
        payment_option_id: option.id,
        home_venue_id: venue,
        start_date: londonToday(),
        billing_day: paymentType === 'recurring' ? 1 : undefined,
        terms: termIds,
        answers: [],
        direct_debit: directDebit,
      },
    }),
    201,
  );
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
  return submitted.data.membership.id;
}

/** A new member signed in on the page's context. */
async function signedInMember(page: Page, tag: string): Promise<{ customer: Customer; userId: number }> {
  const customer = await createCustomer(page.request, tag);
  await logInThroughApi(page.request, customer);
  const user = await json<{ data: { id: number } }>(await page.request.get('/api/auth/user'));
  return { customer, userId: user.data.id };
}

async function signInStaff(request: APIRequestContext): Promise<void> {
  await logInThroughApi(request, { ...staffLogin, firstName: 'Chris', lastName: 'Taylor' });
}

async function openManage(page: Page, typeName: string) {
  await page.getByRole('button', { name: new RegExp(`^Manage membership ${typeName}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage membership' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a member with a fee cancels a monthly membership: pays the debt at checkout, then it is cancelled', async ({
  page,
  request,
}) => {
  const { customer, userId } = await signedInMember(page, 'cancel-debt');
  const membershipId = await joinThroughApi(page.request, 'swim-only', 'recurring');
  await signInStaff(request);
  const fee = await request.post(`/api/staff/customers/${userId}/penalties`, {
    headers: await writeHeaders(request),
    data: { type: 'late_cancellation', amount: 500, description: 'Aqua Fit' },
  });
  expect(fee.status(), await fee.text()).toBe(201);

  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
  await expect(page.getByText('View and manage all the memberships linked to your account')).toBeVisible();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Swim Only' }) });
  await expect(card.getByText(`Membership no. MEM-${String(membershipId).padStart(6, '0')}`)).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'memberships list');

  const manage = await openManage(page, 'Swim Only');
  await expectNoA11yViolations(page, 'manage membership modal');
  await manage.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel membership' });
  await expect(cancel.getByText('30 days notice is required to cancel your membership')).toBeVisible();
  await expect(cancel.getByText('Final payment date:')).toBeVisible();
  await expect(cancel.getByText('Final day of membership:')).toBeVisible();
  await expect(cancel.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'cancel membership modal');

  await cancel.getByRole('button', { name: 'Continue' }).click();
  await expect(cancel.getByText('You have outstanding debts on your account')).toBeVisible();
  await expect(cancel.getByRole('cell', { name: 'Aqua Fit' })).toBeVisible();
  await expect(cancel.getByText('Total owed: £5.00')).toBeVisible();
  await expectNoA11yViolations(page, 'cancel membership debt view');
  await cancel.getByRole('button', { name: 'Pay debt and cancel membership' }).click();

  await expect(page).toHaveURL(/\/basket\/checkout/);
  await expect(page.getByText('To pay: £5.00')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  // The cancellation went through by itself once the fee was paid.
  await page.goto('/account/memberships');
  await expect(page.getByText(/^This membership will end after \d{1,2} \w{3} \d{4}\.$/)).toBeVisible();
  const list = await json<{
    data: { id: number; cancellation: { state: string } | null; cancellable: boolean }[];
  }>(await page.request.get('/api/my-account/user/memberships'));
  expect(list.data.find((row) => row.id === membershipId)).toMatchObject({
    cancellation: { state: 'scheduled' },
    cancellable: false,
  });
  await expectNoA11yViolations(page, 'memberships list after cancelling');
});

test('a student uploads proof of eligibility; a renamed HTML page is refused; paid in full cancels at once', async ({
  page,
  request,
}) => {
  await signedInMember(page, 'student-doc');
  // Students must be 16 or over: the joining check needs a date of birth.
  await json(
    await page.request.put('/api/my-account/user/update?onboarding_type=customer_account_online', {
      headers: await writeHeaders(page.request),
      data: { date_of_birth: '2004-09-01' },
    }),
  );
  await joinThroughApi(page.request, 'student', 'fixed');
  await page.goto('/account/memberships');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Student' }) });
  await expect(card.getByRole('heading', { level: 3, name: 'Proof of eligibility' })).toBeVisible();
  await expect(card.getByText(/^Please upload proof of eligibility \(Student\) by /)).toBeVisible();
  const submit = card.getByRole('button', { name: 'Submit document' });
  await expect(submit).toBeDisabled();
  await expectNoA11yViolations(page, 'membership card with the document form');

  await card.getByLabel(/^Document type/).selectOption({ label: 'Student ID card' });
  await expect(submit).toBeDisabled();
  const fileInput = card.getByLabel(/^Document \(JPEG, PNG or PDF/);
  await fileInput.setInputFiles({
    name: 'student-card.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
  });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(card.getByText('The file must be one of: JPEG, PNG, PDF.')).toBeVisible();
  await expectNoA11yViolations(page, 'document form with a server error');

  await fileInput.setInputFiles({
    name: 'student-card.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  await submit.click();
  await expect(card.getByText('Thank you, your document has been submitted.')).toBeVisible();
  await expect(card.getByText('We will review it within 5 working days.')).toBeVisible();
  await expectNoA11yViolations(page, 'document submitted');

  // Staff reject it; the member is asked again, with the reason.
  const list = await json<{ data: { document: { id: number } | null }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  const documentId = list.data[0]?.document?.id;
  await signInStaff(request);
  const rejected = await request.post(`/api/staff/eligibility-documents/${documentId}/reject`, {
    headers: await writeHeaders(request),
    data: { reason: 'The photo is unreadable' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  await page.reload();
  await expect(
    card.getByText('Latest document upload was rejected: The photo is unreadable. Please try upload again'),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Submit document' })).toBeDisabled();

  // A single payment membership: cancelling is immediate.
  const manage = await openManage(page, 'Student');
  await manage.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel membership' });
  await expect(cancel.getByText(/Please note cancelling your membership will be immediate/)).toBeVisible();
  await expect(cancel.getByText('Final payment date:')).toHaveCount(0);
  await cancel.getByRole('button', { name: 'Cancel membership' }).click();
  const done = page.getByRole('dialog', { name: 'Membership cancelled' });
  await expect(done.getByText('Cancelled', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'membership cancelled modal');
  await done.getByText('Close', { exact: true }).click();
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a membership that cannot be cancelled online shows the refusal message', async ({ page }) => {
  await signedInMember(page, 'refusal');
  await joinThroughApi(page.request, 'family', 'recurring');
  await page.goto('/account/memberships');
  const manage = await openManage(page, 'Family');
  await manage.getByRole('button', { name: 'Cancel membership' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel membership' });
  await expect(cancel.getByText('This membership cannot be cancelled online')).toBeVisible();
  await expect(
    cancel.getByText(
      'Family memberships cover several people, so please visit your home centre to cancel it.',
    ),
  ).toBeVisible();
  await expect(cancel.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'cancel refused modal');
  await cancel.getByText('Close', { exact: true }).click();
  await expect(cancel).toHaveCount(0);
});
