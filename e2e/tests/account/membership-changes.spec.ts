import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { answerField } from '../../support/account';
import {
  agreeToCheckoutTerms,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import { dataFieldForm, fieldsOf, logInThroughApi, validAnswer, writeHeaders } from '../../support/customers';
import { expectOpen, selectMembership } from '../../support/joining';
import {
  joinMembershipThroughApi,
  londonToday,
  okJson,
  openManageMembership,
  signedInMember,
} from '../../support/member-api';
import { signInStaffThroughApi } from '../../support/staff';

/**
 * my-account.md 2.6 (Freeze modal, Renew modal, change page) and joining-and-payments.md "Change
 * costs": a member asks to freeze with a doctor's note, staff approve it; a member whose year ends
 * this month renews through a card checkout; a monthly member changes to another membership through
 * the joining sections and checkout, keeping their direct debit.
 */

const doctorsNote = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('freeze with proof: reason, start date, period and a doctor’s note; staff find it in their list and approve it', async ({
  page,
  request,
}) => {
  const { customer } = await signedInMember(page, 'freeze');
  const membershipId = await joinMembershipThroughApi(page.request, 'swim-only', 'recurring');
  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();

  const manage = await openManageMembership(page, 'Swim Only');
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
  const list = await okJson<{ data: { id: number; freeze_pending: boolean }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  expect(list.data.find((row) => row.id === membershipId)?.freeze_pending).toBe(true);
  const freezes = await okJson<{ data: { freeze_types: { id: number; reason: string }[] } }>(
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
  const again = await openManageMembership(page, 'Swim Only');
  await expect(again.getByRole('button', { name: /^Freeze membership/ })).toBeDisabled();
  await expect(again).toContainText('Membership freeze is pending');

  // Staff find the request in their review list (the member never told them its id), with the
  // member, the membership, the reason, the dates and the proof, and approve it.
  await signInStaffThroughApi(request);
  const queue = await okJson<{ data: StaffFreeze[] }>(await request.get('/api/staff/membership-freezes'));
  const waiting = queue.data.find((row) => row.membership.id === membershipId);
  expect(waiting).toMatchObject({
    status: 'pending_approval',
    freeze_type: { reason: 'Medical' },
    active_from: londonToday(),
    months: 2,
    customer: { email: customer.email },
    membership: { type: 'Swim Only' },
    proof: { name: 'fit-note.pdf' },
  });
  const download = await request.get(waiting?.proof_download_url ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await okJson(
    await request.post(`/api/staff/membership-freezes/${waiting?.id}/approve`, {
      headers: await writeHeaders(request),
    }),
  );
  const left = await okJson<{ data: StaffFreeze[] }>(await request.get('/api/staff/membership-freezes'));
  expect(left.data.map((row) => row.id)).not.toContain(waiting?.id);

  // The member's card shows the approved freeze (or, once the freeze job has run, the frozen membership).
  await page.reload();
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Swim Only' }) });
  await expect(card.getByText(/^(Freeze pending|Frozen)$/)).toBeVisible();
  await expect(
    card.getByText(/^(Freeze approved: frozen from \d{1,2} \w{3} \d{4} to|Frozen until)/),
  ).toBeVisible();
  await expect(card.getByText('Freeze request awaiting approval')).toHaveCount(0);
  await expectNoA11yViolations(page, 'memberships with an approved freeze');
});

interface StaffFreeze {
  id: number;
  status: string;
  membership: { id: number };
  proof_download_url: string | null;
}

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
  const manage = await openManageMembership(page, 'Anytime Gym');
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

  const list = await okJson<{
    data: { id: number; can_renew: boolean; renew_forbid_reason: string | null }[];
  }>(await page.request.get('/api/my-account/user/memberships'));
  expect(
    list.data.some((row) => row.renew_forbid_reason === 'This membership has already been renewed.'),
  ).toBe(true);
});

test('change membership: the joining sections with the change costs, then checkout; the instruction carries on', async ({
  page,
}) => {
  const { customer } = await signedInMember(page, 'change');
  const membershipId = await joinMembershipThroughApi(page.request, 'swim-only', 'recurring');
  await page.goto('/account/memberships');
  const manage = await openManageMembership(page, 'Swim Only');
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
  // No second joining fee: the difference for the days already paid, from today to the 1st.
  await expect(costs).toContainText(/£\d+\.\d\d more than you have paid for /);
  await expect(costs).toContainText('Fees£0.00');
  // One breakdown on the page: joining's is not shown beside it.
  await expect(page.getByRole('region', { name: 'Cost breakdown' })).toHaveCount(0);
  await expect(page.getByText('Joining fee')).toHaveCount(0);
  const total = (await costs.locator('.cost-total dd').textContent()) ?? '';
  expect(total).toMatch(/^£\d+\.\d\d$/);
  await expectNoA11yViolations(page, 'change membership review with the change costs');
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  const basket = await okJson<{ data: { total: number } }>(await page.request.get('/api/activities/cart'));
  expect(`£${(basket.data.total / 100).toFixed(2)}`).toBe(total);
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  const list = await okJson<{ data: { id: number; status: string; membership_type: { name: string } }[] }>(
    await page.request.get('/api/my-account/user/memberships'),
  );
  expect(list.data.find((row) => row.membership_type.name === 'Off-Peak')?.status).toBe('active');
  const user = await okJson<{ data: { has_instruction: boolean } }>(await page.request.get('/api/auth/user'));
  expect(user.data.has_instruction).toBe(true);
  // The amount charged at checkout is the change page's total.
  const orders = await okJson<{ data: { total: { formatted: string } }[] }>(
    await page.request.get('/api/my-account/orders'),
  );
  expect(orders.data.map((order) => order.total.formatted)).toContain(total);
  // The old membership started today, like the change: replaced outright, never ending before it began.
  const mine = await okJson<{
    data: { id: number; status: string; start_date: { raw: string }; expires_at: { raw: string } | null }[];
  }>(await page.request.get('/api/my-account/user/memberships'));
  const replaced = mine.data.find((row) => row.id === membershipId);
  expect(replaced?.status).toBe('cancelled');
  expect(replaced?.expires_at?.raw).toBe(replaced?.start_date.raw);
});
