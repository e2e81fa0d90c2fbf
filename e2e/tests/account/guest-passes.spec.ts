import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  createCustomer,
  logInThroughApi,
  uniqueEmail,
  uniqueName,
  writeHeaders,
} from '../../support/customers';
import { waitForEmail } from '../../support/mail';
import { joinMembershipThroughApi, londonToday, signedInMember } from '../../support/member-api';
import { signInStaffThroughApi } from '../../support/staff';

/**
 * The seeded member with guest passes to send (apps/api/src/seed/guest-passes.ts): sending one
 * needs an active membership or a package, which only checkout gives a new customer, so these
 * journeys use this member; each sends to a new guest address, so they do not depend on each other.
 */
const member = {
  email: 'guests@example.com',
  password: 'Member-Pass-1',
  firstName: 'Sam',
  lastName: 'Okafor',
};

async function openGuestPasses(page: Page) {
  await page.goto('/account/guest-passes');
  await expect(page.getByRole('heading', { level: 1, name: 'Guest passes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your allowances' })).toBeVisible();
  await expect(page.getByText('Pages: 1 of 4')).toBeVisible();
}

/** my-account.md 2.5: a member sends a guest pass in the drawer; the guest gets it with a QR code. */
test('a member sends a guest pass; the guest is emailed its QR code; the pass is listed and redeemed', async ({
  page,
  playwright,
}) => {
  await logInThroughApi(page.request, member);
  await openGuestPasses(page);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Guest passes' }),
  ).toBeVisible();
  await expect(page.getByText('Results: 1 - 10 of 36')).toBeVisible();
  await expectNoA11yViolations(page, 'guest passes');

  // A drawer, 306 px wide, on a wide screen.
  await page.getByRole('button', { name: 'Send guest pass' }).click();
  const drawer = page.getByRole('dialog', { name: 'Send a guest pass' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(306);
  await expectNoA11yViolations(page, 'send guest pass drawer');

  const guest = { name: `${uniqueName()} ${uniqueName()}`, email: uniqueEmail('guest') };
  await drawer.getByRole('textbox', { name: /Guest name/ }).fill(guest.name);
  await drawer.getByRole('textbox', { name: /Guest email/ }).fill(guest.email);
  const venue = drawer.getByRole('combobox', { name: /Venue/ });
  await venue.fill('Ri');
  await expect(drawer.getByRole('option')).toHaveCount(0);
  await venue.fill('Riv');
  const firstOption = drawer.getByRole('option').first();
  await expect(firstOption).toBeVisible();
  await expectNoA11yViolations(page, 'send guest pass drawer: venue results');
  const venueName = (await firstOption.textContent()) ?? '';
  await firstOption.click();
  await expect(venue).toHaveValue(venueName);
  await drawer.getByRole('button', { name: 'Send pass' }).click();
  await expect(page.getByText('Guest pass sent successfully')).toBeVisible();
  await expect(drawer).toBeHidden();

  // The guest's email: venue, dates, the code and its QR code as an inline PNG.
  const email = await waitForEmail(guest.email, `Your guest pass for ${venueName}`);
  expect(email.text).toContain(
    `${member.firstName} ${member.lastName} has sent you a guest pass for ${venueName}.`,
  );
  expect(email.text).toMatch(/valid from \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}/);
  const code = /Your guest pass code: (GP-[A-Z2-9]{5}-[A-Z2-9]{5})/.exec(email.text)?.[1];
  expect(code, email.text).toBeDefined();
  // The inline image (the sink's parser turns the cid: link into the attachment's data URI).
  expect(email.html).toMatch(
    new RegExp(
      `<img src="(cid:guest-pass-qr|data:image/png;base64,[^"]+)" alt="QR code of guest pass ${code}"`,
    ),
  );
  expect(email.attachments).toEqual([
    expect.objectContaining({ contentType: 'image/png', filename: 'guest-pass-qr.png' }),
  ]);
  expect(email.attachments[0]?.size).toBeGreaterThan(200);

  // The pass heads the list (now 37), and its details.
  await expect(page.getByText('Results: 1 - 10 of 37')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: guest.email });
  await expect(row).toContainText(guest.name);
  await expect(row).toContainText('Issued');
  await row.getByRole('link', { name: /^View details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Guest pass details' })).toBeVisible();
  const details = page.getByRole('main');
  await expect(details).toContainText(guest.name);
  await expect(details).toContainText(guest.email);
  await expect(details).toContainText(venueName);
  await expect(details).toContainText('Not redeemed yet');
  await expectNoA11yViolations(page, 'guest pass details');

  // Reception redeems it once: the details show it redeemed.
  const desk = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  await signInStaffThroughApi(desk);
  const venues = await desk.get('/api/activities/venues');
  const venueId = ((await venues.json()) as { data: { id: number; name: string }[] }).data.find(
    (candidate) => candidate.name === venueName,
  )?.id;
  const headers = await writeHeaders(desk);
  const redeem = () =>
    desk
      .post('/api/staff/guest-passes/redeem', { headers, data: { code, venue_id: venueId } })
      .then(async (response) => ({ status: response.status(), body: await response.text() }));
  const first = await redeem();
  expect(first.status, first.body).toBe(200);
  expect((await redeem()).status).toBe(422);
  await desk.dispose();
  await page.reload();
  await expect(page.getByRole('main').getByText('Redeemed', { exact: true })).toBeVisible();
});

/** my-account.md 5 and 9: below 575 px the form is a modal; no venue gives 'Please select a venue'. */
test('on a phone the form opens in a modal and asks for a venue', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInThroughApi(page.request, member);
  await openGuestPasses(page);
  await page.getByRole('button', { name: 'Send guest pass' }).click();
  const modal = page.getByRole('dialog', { name: 'Send a guest pass' });
  await expect(modal).toBeVisible();
  await expect(modal).toHaveClass(/modal/);
  await modal.getByRole('textbox', { name: /Guest name/ }).fill('Jo Bloggs');
  await modal.getByRole('textbox', { name: /Guest email/ }).fill(uniqueEmail('guest'));
  await modal.getByRole('button', { name: 'Send pass' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Please select a venue')).toBeVisible();
  await expectNoA11yViolations(page, 'send guest pass modal (mobile) with the venue message');
  await expect(modal).toBeVisible();
});

/** The packages page: the seeded member's packages, and the empty state of a new customer. */
test('packages show uses left and expiry; a new customer sees the empty state', async ({ page, browser }) => {
  await logInThroughApi(page.request, member);
  await page.goto('/account/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
  const friend = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Bring a Friend 10' }) });
  await expect(friend).toContainText(/\d+ of 10 guest passes remaining/);
  await expect(friend).toContainText(/Expires \d{1,2} \w{3} \d{4}/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Summer Classes 5' })).toContainText('Expired');
  await expectNoA11yViolations(page, 'packages');

  await page.goto('/account/guest-passes/available-passes');
  await expect(page.getByRole('heading', { level: 1, name: 'Available passes' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Family' })).toBeVisible();
  await expectNoA11yViolations(page, 'available passes');

  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const fresh = await context.newPage();
  const customer = await createCustomer(fresh.request, 'packages');
  await logInThroughApi(fresh.request, customer);
  await fresh.goto('/account/packages');
  await expect(fresh.getByText('You have no packages.')).toBeVisible();
  await expectNoA11yViolations(fresh, 'packages: empty');
  await context.close();
});

/** 'D MMM YYYY' of a 'YYYY-MM-DD' date, as the account pages write dates. */
function fullDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}

/** The allowance and the memberships list count the same uses in the same period (issue 15). */
test('after sending a pass, the guest-passes page and the memberships page give the same passes left', async ({
  page,
}) => {
  await signedInMember(page, 'allowance');
  await joinMembershipThroughApi(page.request, 'family', 'recurring');
  // The benefit's period is the calendar month in London: it lapses on its last day, renews the next.
  const today = londonToday();
  const [year, month] = today.split('-').map(Number);
  const nextMonth = `${month === 12 ? (year ?? 0) + 1 : year}-${String(month === 12 ? 1 : (month ?? 0) + 1).padStart(2, '0')}-01`;
  const lastDay = new Date(Date.UTC(Number(nextMonth.slice(0, 4)), Number(nextMonth.slice(5, 7)) - 1, 0))
    .toISOString()
    .slice(0, 10);

  await page.goto('/account/guest-passes');
  const allowance = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Family' }) });
  await expect(allowance).toContainText('4 passes remaining');
  await page.getByRole('button', { name: 'Send guest pass' }).click();
  const drawer = page.getByRole('dialog', { name: 'Send a guest pass' });
  await drawer.getByRole('textbox', { name: /Guest name/ }).fill(`${uniqueName()} ${uniqueName()}`);
  await drawer.getByRole('textbox', { name: /Guest email/ }).fill(uniqueEmail('guest'));
  await drawer.getByRole('combobox', { name: /Venue/ }).fill('Riv');
  await drawer.getByRole('option').first().click();
  await drawer.getByRole('button', { name: 'Send pass' }).click();
  await expect(page.getByText('Guest pass sent successfully')).toBeVisible();
  await expect(allowance).toContainText('3 passes remaining');
  await expect(allowance).toContainText(`Expires ${fullDate(lastDay)}`);

  await page.goto('/account/memberships');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Family' }) });
  await expect(card.getByRole('list', { name: 'Benefits' })).toContainText(
    `Guest passes - 3 remaining, renews ${fullDate(nextMonth)}`,
  );
  await expectNoA11yViolations(page, 'memberships with a guest pass used');
});
