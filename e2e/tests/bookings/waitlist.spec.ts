import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { openDay, sessionAt } from '../../support/bookings';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { fullClass } from '../../support/sessions';

/** bookings-api.md "Rules the server keeps": a full class offers the waitlist. */
test('a full class offers the waitlist, and joining it says so', async ({ page, request }) => {
  const customer = await createCustomer(request, 'waitlist');
  await logInThroughApi(page.request, customer);
  await page.goto('/location/leeds-riverside/fitness-classes-c');
  await expect(page.getByRole('heading', { level: 1, name: 'Fitness Classes C' })).toBeVisible();
  const session = await fullClass({ venue: 'leeds-riverside', activity: 'fitness-classes-c' });
  const list = await openDay(page, session.date);

  const full = sessionAt(list, session);
  await expect(full.getByRole('link')).toHaveText(session.time);
  await expect(full).toContainText('Join waitlist');
  await expect(full).toContainText('0 spaces available');
  await full.getByRole('link').click();

  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByText(/^This class is full\. Join the waitlist/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book now' })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Price options' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'full class modal');

  await dialog.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByText('You have joined the waitlist.')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(/^You are on the waitlist \(position \d+\)\.$/);
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'class modal after joining the waitlist');

  // The waitlist is remembered: after a reload the modal shows the place in the queue and a way off it.
  await page.reload();
  const status = dialog.getByText(/^You are on the waitlist \(position \d+\)\.$/);
  await expect(status).toBeVisible();
  // The control's accessible name is its visible label (WCAG 2.5.3).
  const leave = dialog.getByRole('button', { name: 'Leave waitlist', exact: true });
  await expect(leave).toHaveText('Leave waitlist');
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'class modal of a member on the waitlist');

  await leave.click();
  await expect(page.getByText('You have left the waitlist.')).toBeVisible();
  await expect(status).toBeHidden();
  // Focus moves to the control that replaced the one pressed.
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toBeFocused();
  await expectNoA11yViolations(page, 'class modal after leaving the waitlist');
  await page.reload();
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toBeVisible();
});

/** A full class whose activity keeps no waitlist says so, rather than offering nothing. */
test('a full class without a waitlist says it is full and has no waitlist', async ({ page, request }) => {
  const customer = await createCustomer(request, 'no-waitlist');
  await logInThroughApi(page.request, customer);
  const session = await fullClass({ venue: 'leeds-riverside', activity: 'hiit-circuit' }, 'FULL');
  await page.goto('/location/leeds-riverside/hiit-circuit');
  const list = await openDay(page, session.date);
  const full = sessionAt(list, session);
  await expect(full.getByText('Full', { exact: true })).toBeVisible();
  await full.getByRole('link').click();

  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByText('This class is full and has no waitlist.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Join waitlist' })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Price options' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'full class modal without a waitlist');
});
