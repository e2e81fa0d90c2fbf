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
import {
  joinMembershipThroughApi,
  okJson,
  openManageMembership,
  signedInMember,
  signedInStudent,
} from '../../support/member-api';
import { signInStaffThroughApi } from '../../support/staff';

/**
 * my-account.md 2.6 and 2.7: a member cancels a monthly membership with an outstanding fee, paying
 * it through the basket and a card checkout; a student uploads a proof-of-eligibility document (a
 * renamed HTML page is refused), sees it rejected, and cancels a paid-in-full membership at once.
 * Memberships are bought through the joining API (as the joining flow does), fees come from staff.
 */

async function signInStaff(request: APIRequestContext): Promise<void> {
  await signInStaffThroughApi(request);
}

test('a member with a fee cancels a monthly membership: pays the debt at checkout, then it is cancelled', async ({
  page,
  request,
}) => {
  const { customer, userId } = await signedInMember(page, 'cancel-debt');
  const membershipId = await joinMembershipThroughApi(page.request, 'swim-only', 'recurring');
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

  const manage = await openManageMembership(page, 'Swim Only');
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
  const list = await okJson<{
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
  await signedInStudent(page, 'student-doc');
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
  const list = await okJson<{ data: { document: { id: number } | null }[] }>(
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
  const manage = await openManageMembership(page, 'Student');
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
  await joinMembershipThroughApi(page.request, 'family', 'recurring');
  await page.goto('/account/memberships');
  const manage = await openManageMembership(page, 'Family');
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
