import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi, writeHeaders } from '../../support/customers';
import { signedInMember } from '../../support/member-api';
import { bookAndPay, findSession } from '../../support/sessions';
import { signInStaffThroughApi } from '../../support/staff';

const seeded = (email: string) => ({ email, password: 'Member-Pass-1', firstName: '', lastName: '' });

/** my-account.md 2.2: a new member's dashboard: no bookings yet, the photo reminder, guest passes. */
test('a new member sees the welcome, the empty next booking, the photo reminder and guest passes', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'dashboard');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Account dashboard' })).toBeVisible();
  await expect(page.getByText(/^Customer number: \w+$/)).toBeVisible();
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome.getByText(`Welcome, ${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await expect(welcome.getByRole('img', { name: 'No profile photo' })).toBeVisible();

  const next = page.getByRole('region', { name: 'My next booking' });
  await expect(next.getByText('You have no upcoming bookings.')).toBeVisible();
  await expect(next.getByRole('link', { name: 'Book an activity' })).toHaveAttribute(
    'href',
    /\/redirect-to-selected-venue/,
  );
  await expect(next.getByRole('link', { name: 'View all' })).toHaveAttribute(
    'href',
    '/account/bookings/upcoming',
  );
  // The seeded operator has online guest passes on.
  await expect(page.getByRole('link', { name: 'Go to guest passes' })).toHaveAttribute(
    'href',
    '/account/guest-passes',
  );
  await expect(page.getByRole('region', { name: 'Account notices' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'dashboard (new member)');

  // The reminder can be dismissed, for good.
  const reminder = page.getByRole('region', { name: 'Profile photo reminder' });
  await reminder.getByRole('button', { name: 'Dismiss' }).click();
  await expect(reminder).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My next booking' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile photo reminder' })).toHaveCount(0);

  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
});

/** A member with a photo sees it beside the welcome; a member with bookings sees the next one. */
test('the photo with the welcome, and the next booking card', async ({ page }) => {
  const customer = await createCustomer(page.request, 'dashboard-photo');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1, name: 'Account dashboard' })).toBeVisible();
  // A photo set through the API (the photo journey itself is in profile-and-waivers.spec.ts).
  const png = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 300;
    canvas.height = 500;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#e85d3f';
    context.fillRect(0, 0, 300, 500);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('no blob'))), 'image/png'),
    );
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  const uploaded = await page.request.post('/api/my-account/user/profile-photo', {
    headers: await writeHeaders(page.request),
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  await page.reload();
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome.getByText(`Welcome, ${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await expect(welcome.getByRole('img', { name: 'Your profile photo' })).toHaveJSProperty(
    'naturalWidth',
    400,
  );
  await expect(page.getByRole('region', { name: 'Profile photo reminder' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'dashboard (photo)');

  // A booking of their own: the next one is shown.
  await bookAndPay(
    page.request,
    await findSession(page.request, { venue: 'leeds-riverside', activity: 'yoga-flow' }),
  );
  await page.goto('/account/');
  const next = page.getByRole('region', { name: 'My next booking' });
  await expect(next.getByRole('article')).toHaveCount(1);
  await expect(next.getByText('You have no upcoming bookings.')).toHaveCount(0);
  await expectNoA11yViolations(page, 'dashboard (next booking)');
});

/** Notifications: unpaid fees lead to /payments, an eligibility document to /memberships. */
test('notifies about unpaid fees and eligibility documents', async ({ page, request }) => {
  const { userId } = await signedInMember(page, 'dashboard-fees');
  // Front-of-house staff charge a fee (apps/api/src/db/seed/accounts.ts has the staff login).
  await signInStaffThroughApi(request);
  const fee = await request.post(`/api/staff/customers/${userId}/penalties`, {
    headers: await writeHeaders(request),
    data: { type: 'no_show', amount: 750, description: 'Spin Express' },
  });
  expect(fee.status(), await fee.text()).toBe(201);
  await page.goto('/account/');
  const notices = page.getByRole('region', { name: 'Account notices' });
  await expect(notices.getByText('You have unpaid fees on your account.')).toBeVisible();
  await expectNoA11yViolations(page, 'dashboard (notifications)');
  await notices.getByRole('link', { name: 'View and pay your fees' }).click();
  await expect(page).toHaveURL(/\/account\/payments$/);

  // Leave the signed-in page first: its requests in flight would 401 once the cookies go, and reload it.
  await page.goto('about:blank');
  await page.context().clearCookies();
  await logInThroughApi(page.request, seeded('rejected-doc@example.com'));
  await page.goto('/account/');
  const documentNotice = page.getByRole('region', { name: 'Account notices' });
  await expect(documentNotice.getByText(/proof of eligibility document/)).toBeVisible();
  await documentNotice.getByRole('link', { name: 'Upload a document' }).first().click();
  await expect(page).toHaveURL(/\/account\/memberships$/);
});
