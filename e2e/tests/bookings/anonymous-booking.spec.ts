import { expect, request as requests, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { basketItem, logInThroughModal, openDay, sessionAt } from '../../support/bookings';
import { type Customer, createCustomer, logInThroughApi } from '../../support/customers';
import { joinMembershipThroughApi } from '../../support/member-api';
import { findSession } from '../../support/sessions';

/**
 * An activity that allows anonymous booking (`allows_anonymous_bookings: true`; the seed's Tennis
 * Court Outdoor). The basket needs a logged-in user whatever the activity allows (bookings-api.md
 * "Cart"), so a visitor's 'Book now' opens the login modal and, once they are in, puts the court in
 * their basket without a second click, at the price the logged-in user pays; never a toast of the
 * server's 401.
 */

/** A new customer holding an active membership (member prices), signed in nowhere but their own context. */
async function newMember(tag: string): Promise<Customer> {
  const context = await requests.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const customer = await createCustomer(context, tag);
    await logInThroughApi(context, customer);
    await joinMembershipThroughApi(context, 'swim-only', 'fixed');
    return customer;
  } finally {
    await context.dispose();
  }
}

test("a visitor's 'Book now' on an anonymous-bookable court logs them in and adds it, at their member price", async ({
  page,
  request,
}) => {
  const member = await newMember('anonymous-court');
  // The anonymous view: an activity that allows anonymous booking offers BOOK, not LOGIN.
  const session = await findSession(request, { venue: 'leeds-riverside', activity: 'tennis-court-outdoor' });

  const adds: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/activities/cart/add')) adds.push(response.status());
  });

  await page.goto('/location/leeds-riverside/tennis-court-outdoor');
  await expect(page.getByRole('heading', { level: 1, name: 'Tennis Court Outdoor' })).toBeVisible();
  const list = await openDay(page, session.date);
  const row = sessionAt(list, session);
  await expect(row.getByText('Book', { exact: true })).toBeVisible();
  await row.getByRole('link').click();

  const slot = page.getByRole('dialog', { name: 'Your selection' });
  await expect(slot.getByText('£10.00')).toBeVisible();
  await expectNoA11yViolations(page, 'anonymous-bookable court, anonymous');
  await slot.getByRole('button', { name: 'Book now' }).click();

  // The basket needs an account: the login modal, not a refused call.
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  expect(adds).toEqual([]);
  await expectNoA11yViolations(page, 'login modal over the anonymous-bookable court');
  await logInThroughModal(page, member);

  // Carried on: added once, with no second click, at the member's price.
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await expect(slot.getByRole('link', { name: 'Go to basket' })).toBeVisible();
  expect(adds).toEqual([200]);
  await expect(page.getByText(/Unauthenticated|Please log in to continue/)).toHaveCount(0);
  await expectNoA11yViolations(page, 'anonymous-bookable court added after the login');

  await slot.getByRole('link', { name: 'Go to basket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  const item = basketItem(page, 'Tennis Court Outdoor');
  await expect(item).toContainText(session.time);
  await expect(item).toContainText('£8.00');
  await expectNoA11yViolations(page, 'basket with the anonymous-bookable court');
});

test('closing the login modal without logging in adds nothing', async ({ page, request }) => {
  const session = await findSession(request, { venue: 'leeds-riverside', activity: 'tennis-court-outdoor' });
  let adds = 0;
  page.on('request', (sent) => {
    if (sent.url().includes('/api/activities/cart/add')) adds += 1;
  });
  await page.goto('/location/leeds-riverside/tennis-court-outdoor');
  const list = await openDay(page, session.date);
  await sessionAt(list, session).getByRole('link').click();
  const slot = page.getByRole('dialog', { name: 'Your selection' });
  await slot.getByRole('button', { name: 'Book now' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();
  await expect(slot).toBeVisible();
  await expect(slot.getByRole('button', { name: 'Book now' })).toBeEnabled();
  expect(adds).toBe(0);
  await expect(page.getByText(/Unauthenticated|Please log in to continue/)).toHaveCount(0);
});
