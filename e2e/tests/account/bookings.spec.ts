import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  type Customer,
  createCustomer,
  historyMember,
  logInThroughApi,
  writeHeaders,
} from '../../support/customers';
import { payBasketThroughApi } from '../../support/member-api';
import { findSession, fullClass } from '../../support/sessions';

/** my-account.md 2.3 and 2.4: the Bookings screens, cancelling with credit, the waitlist, a course. */

const venue = 'leeds-riverside';

/** Books a paid class through the basket and a card checkout; answers its name and price. */
async function bookPaidClass(request: APIRequestContext, customer: Customer) {
  const session = await findSession(request, { venue, activity: 'yoga-flow', spaces: 2 });
  const total = await payThroughBasket(request, customer, { id: session.id, type: 'activity' });
  return { name: session.name, total };
}

/** Books the course whose first session is the first bookable one, and pays for it by card. */
async function bookCourse(request: APIRequestContext, customer: Customer): Promise<void> {
  const session = await findSession(request, { venue, activity: 'adult-swimming-course' });
  await payThroughBasket(request, customer, { id: session.id, type: 'av2BookingBundle' });
}

/** Puts one item in the basket and pays for it by card (the sandbox provider); answers the total paid. */
async function payThroughBasket(
  request: APIRequestContext,
  customer: Customer,
  item: { id: string; type: string },
): Promise<number> {
  const added = await request.post('/api/activities/cart/add', {
    headers: await writeHeaders(request),
    data: { items: [item] },
  });
  expect(added.status(), await added.text()).toBe(200);
  return payBasketThroughApi(request, customer);
}

async function creditBalance(page: Page): Promise<number> {
  const me = await page.request.get('/api/auth/user');
  return ((await me.json()) as { data: { credit: { balance: number } } }).data.credit.balance;
}

test('a customer cancels a paid booking in Bookings and gets its price as credit', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'my-bookings');
  await logInThroughApi(page.request, customer);
  const booked = await bookPaidClass(page.request, customer);
  expect(booked.total).toBeGreaterThan(0);
  expect(await creditBalance(page)).toBe(0);

  await page.goto('/account/bookings');
  await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Upcoming bookings' });
  const card = list.getByRole('article', { name: booked.name });
  await expect(card).toHaveCount(1);
  await expectNoA11yViolations(page, 'bookings list');

  await card.getByRole('button', { name: `View details of ${booked.name}` }).click();
  const details = page.getByRole('dialog', { name: booked.name });
  await expect(details.getByRole('link', { name: 'View order' })).toHaveAttribute(
    'href',
    /\/account\/payments\/order-history\/\d+$/,
  );
  await expectNoA11yViolations(page, 'booking details modal');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  await card.getByRole('button', { name: `Cancel booking of ${booked.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(
    confirm.getByText(/^Cancelling before the cut-off gives you £\d+\.\d\d account credit\.$/),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'cancel booking modal');
  await confirm.getByRole('button', { name: 'Yes, cancel booking' }).click();

  const done = page.getByRole('dialog', { name: 'Booking cancelled' });
  await expect(done.getByText('Your booking has been cancelled')).toBeVisible();
  await expect(done.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(done.getByText(/^£\d+\.\d\d has been added to your account credit\.$/)).toBeVisible();
  await expectNoA11yViolations(page, 'booking cancelled modal');
  await done.getByRole('button', { name: 'Back to my bookings' }).click();
  await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();

  // The credit is what was paid, once.
  expect(await creditBalance(page)).toBe(booked.total);
  await page.reload();
  await expect(page.getByText('You have no upcoming bookings.')).toBeVisible();
  expect(await creditBalance(page)).toBe(booked.total);
});

test('a customer leaves a waitlist from Bookings', async ({ page, request }) => {
  const customer = await createCustomer(request, 'my-waitlist');
  await logInThroughApi(page.request, customer);
  const full = await fullClass({ venue, activity: 'fitness-classes-c' });
  const joined = await page.request.post('/api/activities/waitlist', {
    headers: await writeHeaders(page.request),
    data: { occurrence_id: full.id },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  await page.goto('/account/bookings/waitlist');
  const list = page.getByRole('list', { name: 'Waitlist entries' });
  await expect(list.getByRole('article', { name: 'Fitness Classes C' })).toBeVisible();
  await expect(list.getByText(/^Position \d+ on the waitlist$/)).toBeVisible();
  await expectNoA11yViolations(page, 'waitlist');
  await list.getByRole('button', { name: 'Leave waitlist for Fitness Classes C' }).click();
  await expect(page.getByText('You have left the waitlist')).toBeVisible();
  await expect(page.getByText('You are not on any waitlists.')).toBeVisible();
  const waitlist = await page.request.get('/api/my-account/waitlist');
  expect(((await waitlist.json()) as { data: unknown[] }).data).toEqual([]);
});

test('the course booking page shows the course and its dates; an unknown one is not found', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'my-course-page');
  await logInThroughApi(page.request, customer);
  await bookCourse(page.request, customer);
  const future = await page.request.get('/api/my-account/bookings?filter=future');
  const course = (
    (await future.json()) as {
      data: { booking_type: string; booking_bundle_context: { id: number } | null }[];
    }
  ).data.find((booking) => booking.booking_type === 'courses');
  expect(course?.booking_bundle_context).toBeTruthy();

  await page.goto('/account/bookings/upcoming');
  await page.getByRole('link', { name: 'View course' }).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/account/bookings/courses/${course?.booking_bundle_context?.id}$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: /Adult Swimming Course/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
  const dates = page.getByRole('region', { name: 'Dates' });
  await expect(dates.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'course booking');

  await page.goto('/account/bookings/courses/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Course booking not found' })).toBeVisible();
});

test('a customer cancels a course booking from its page; the page reloads it as Cancelled', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'my-course');
  await logInThroughApi(page.request, customer);
  await bookCourse(page.request, customer);

  await page.goto('/account/bookings/upcoming');
  await page.getByRole('link', { name: 'View course' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Adult Swimming Course/ })).toBeVisible();
  const about = page.locator('details', { hasText: 'About' });
  await expect(about).toHaveAttribute('open', '');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel course booking' });
  // This course does not award credit on cancellation, and the modal says so.
  await expect(confirm.getByText('You are not eligible to receive credit for this booking.')).toBeVisible();
  await expectNoA11yViolations(page, 'cancel course modal');
  await confirm.getByRole('button', { name: 'Cancel course booking' }).click();
  await expect(page.getByText('Your booking has been cancelled')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Dates' }).getByText('(cancelled)').first()).toBeVisible();
  await expectNoA11yViolations(page, 'cancelled course booking');
});

/** A long history (history@example.com, two years of sessions) shows the latest 20 and 'Show more' (issue 15). */
test('previous bookings of a long history render 20 at a time; Show more works from the keyboard', async ({
  page,
}) => {
  await logInThroughApi(page.request, historyMember);
  // The call answers the whole history at once, as the spec has it.
  const all = await page.request.get('/api/my-account/bookings?filter=past');
  const total = ((await all.json()) as { data: unknown[] }).data.length;
  expect(total).toBeGreaterThan(200);

  await page.goto('/account/bookings/historic');
  const list = page.getByRole('list', { name: 'Previous bookings' });
  await expect(list.getByRole('article').first()).toBeVisible();
  const items = list.locator(':scope > li');
  await expect(items).toHaveCount(20);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
    `Showing 20 of ${total} bookings`,
  );
  await expectNoA11yViolations(page, 'previous bookings, the latest 20');

  const more = page.getByRole('button', { name: 'Show more' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(40);
  await expect(items.nth(20)).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
    `Showing 40 of ${total} bookings`,
  );
  // The next Tab goes on from the first added booking, to its own buttons.
  await page.keyboard.press('Tab');
  await expect(items.nth(20).getByRole('button').first()).toBeFocused();
  await expectNoA11yViolations(page, 'previous bookings, 40 shown');
});
