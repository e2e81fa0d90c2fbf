import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { openDay, sessionAt } from '../../support/bookings';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { bookAndPay, classWithPlacesLeft, findSession } from '../../support/sessions';

/**
 * Issue 13, "Own bookings are marked" and "Taking the last place": a member always sees where they
 * stand. Availability answers `booking: { id }` (and `cart_item_id` for a basket place) to its owner.
 */

test("a member's booked court says 'Booked' on the day's list and 'Your booking' in the slot modal", async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'own-court');
  await logInThroughApi(page.request, customer);
  const session = await findSession(page.request, { venue: 'leeds-riverside', activity: 'badminton-40min' });
  await bookAndPay(page.request, session);

  await page.goto('/location/leeds-riverside/badminton-40min');
  const list = await openDay(page, session.date);
  const row = sessionAt(list, session);
  await expect(row.getByText('Booked', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'View my booking' })).toHaveAttribute(
    'href',
    /\/account\/bookings\/upcoming$/,
  );
  await expectNoA11yViolations(page, "day's list with the member's court");

  await row.getByRole('link', { name: session.time }).click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  const location = dialog.getByRole('combobox', { name: 'Select location' });
  const mine = location.locator('option:checked');
  await expect(mine).toHaveText(/^Your booking - Court \d$/);
  // Their court is not shown as full to them (other courts may be, booked by others).
  const court = ((await mine.textContent()) ?? '').replace('Your booking - ', '');
  await expect(location.getByRole('option', { name: `FULL - ${court}` })).toHaveCount(0);
  await expect(dialog.getByText('You are booked on this session.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await expectNoA11yViolations(page, "slot modal on the member's court");

  // The link goes to the booking in My account, where it can be cancelled.
  await dialog.getByRole('link', { name: 'View or cancel it in My bookings' }).click();
  await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
  await expect(page.getByRole('heading', { name: session.name }).first()).toBeVisible();
});

test("a member's booked class says so in the class modal, with the way to cancel it, not 'Book now'", async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'own-class');
  await logInThroughApi(page.request, customer);
  const session = await findSession(page.request, { venue: 'leeds-riverside', activity: 'yoga-flow' });
  await bookAndPay(page.request, session);

  await page.goto('/location/leeds-riverside/yoga-flow');
  const list = await openDay(page, session.date);
  const row = sessionAt(list, session);
  await expect(row.getByText('Booked', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: session.time }).click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByText('You are booked on this session.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View or cancel it in My bookings' })).toHaveAttribute(
    'href',
    /\/account\/bookings\/upcoming$/,
  );
  await expect(dialog.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Price options' })).toHaveCount(0);
  await expectNoA11yViolations(page, "class modal of the member's booking");
});

test('whoever takes the last place of a class keeps the added panel; others see it full', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(page.request, 'last-place');
  await logInThroughApi(page.request, customer);
  const session = await classWithPlacesLeft({ venue: 'leeds-riverside', activity: 'fitness-classes-c' }, 1);

  await page.goto('/location/leeds-riverside/fitness-classes-c');
  const list = await openDay(page, session.date);
  const row = sessionAt(list, session);
  await expect(row).toContainText('1 space available');
  await row.getByRole('link', { name: session.time }).click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByRole('spinbutton', { name: 'Adult quantity' })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();

  // The class is asked again after the add: now full, yet the taker is not offered the waitlist.
  await expect(dialog.getByText('0 spaces available')).toBeVisible();
  await expect(dialog.getByText('Added to your basket.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Go to basket' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'class modal after taking the last place');

  // After a reload the place is still theirs: in their basket, not a waitlist.
  await page.reload();
  await expect(dialog.getByText('This session is in your basket.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'class modal of a place in the basket');
  await dialog.getByRole('button', { name: 'Continue browsing' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessionAt(list, session).getByText('In your basket', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, "day's list with a place in the basket");

  // Anyone else sees the class full, with its waitlist.
  const others = await request.get(
    `/api/activities/venue/${session.venue}/activity/${session.activity}/v2/times?date=${session.date}`,
  );
  const seen = ((await others.json()) as { data: { id: string; action_to_show: { status: string } }[] }).data;
  expect(seen.find((time) => time.id === session.id)?.action_to_show.status).toBe('WAITLIST');
});
