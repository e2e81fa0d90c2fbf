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
});
