import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import type { Customer } from './customers';
import type { Session } from './sessions';

/** The sandbox provider's test cards (issue 3, section 3). */
export const testCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  challenge: '4000 0027 6000 3184',
} as const;

/** A billing address the checkout's checks accept. */
export const billingAddress = { addressLine1: '1 River Street', town: 'Leeds', postcode: 'LS1 4AP' } as const;

/**
 * Picks a day on the activity's date strip (one a session factory chose: see ./sessions.ts) and
 * waits for that day's list of sessions.
 */
export async function openDay(page: Page, date: string): Promise<Locator> {
  const strip = page.getByRole('navigation', { name: 'Choose a date' });
  await expect(strip.getByRole('link').first()).toContainText('Today');
  const day = strip.locator(`a[href$="/${date}/by-time"]`);
  await day.click();
  await expect(page).toHaveURL(new RegExp(`/${date}/by-time$`));
  await expect(day).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('list', { name: /^Sessions on/ });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

/** A session of the day's list by its time ('18:30 - 19:15'). */
export function sessionAt(list: Locator, session: Pick<Session, 'time'>): Locator {
  return list.getByRole('listitem').filter({
    has: list
      .page()
      .getByRole('link')
      .filter({ hasText: new RegExp(`^${session.time}$`) }),
  });
}

/** A session of the day's list by its status line: 'Book', 'Log in to book', 'Join waitlist', 'Full'. */
export function sessionWithStatus(list: Locator, status: string): Locator {
  return list
    .getByRole('listitem')
    .filter({ has: list.page().getByText(status, { exact: true }) })
    .first();
}

/** The bookings site's login modal: fills it, submits, and waits for it to close. */
export async function logInThroughModal(page: Page, customer: Pick<Customer, 'email' | 'password'>) {
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await login.getByLabel('Email address or customer ID').fill(customer.email);
  await login.getByLabel(/^Password/).fill(customer.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
}

/**
 * From a signed-in day list: opens the first bookable court time, adds it with 'Book now' and
 * goes to the basket. Answers the court ('Court 2') the slot modal had chosen.
 */
export async function addFirstBookableCourt(page: Page, list: Locator): Promise<string> {
  await sessionWithStatus(list, 'Book').getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  const location = dialog.getByRole('combobox', { name: 'Select location' });
  await expect(location).toBeVisible();
  const court = (await location.locator('option:checked').textContent())?.trim() ?? '';
  expect(court).toMatch(/^Court \d$/);
  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to basket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  return court;
}

/** The basket line of an activity, by its accessible name. */
export function basketItem(page: Page, name: string): Locator {
  return page.getByRole('listitem', { name });
}

/** From the basket: 'Proceed to checkout', and waits for the checkout page. */
export async function proceedToCheckout(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

/**
 * Ticks 'I agree to the Terms and Conditions': the box opens the terms in a modal, which is
 * scrolled to its end (as 'I Agree' requires) and agreed to. `a11yLabel` runs axe on the modal.
 */
export async function agreeToCheckoutTerms(page: Page, a11yLabel?: string): Promise<void> {
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  const region = terms.getByRole('region', { name: 'Terms and Conditions' });
  await expect(region).toBeVisible();
  await region.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  const agree = terms.getByRole('button', { name: 'I Agree' });
  await expect(agree).toBeEnabled();
  if (a11yLabel) await expectNoA11yViolations(page, a11yLabel);
  await agree.click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ })).toBeChecked();
}

/** The payment provider's own card form, in its frame. */
export function cardFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Card details"]');
}

/** Types a card into the provider's frame (never into our page). */
export async function typeCard(page: Page, number: string, name: string): Promise<void> {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('Name on card').fill(name);
}

/** The billing fields of a new card; first and last name come filled from the account. */
export async function fillBilling(page: Page, customer: Pick<Customer, 'firstName' | 'lastName'>) {
  await expect(page.getByLabel(/^First name/)).toHaveValue(customer.firstName);
  await expect(page.getByLabel(/^Last name/)).toHaveValue(customer.lastName);
  await page.getByLabel(/^Address line 1/).fill(billingAddress.addressLine1);
  await page.getByLabel(/^Town\/city/).fill(billingAddress.town);
  await page.getByLabel(/^Postcode/).fill(billingAddress.postcode);
}

/** The booking-confirmed page: answers the order id (from the URL) and its reference. */
export async function expectCheckoutSuccessful(page: Page): Promise<{ orderId: number; reference: string }> {
  await expect(page).toHaveURL(/\/booking-confirmed\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout successful' })).toBeVisible();
  await expect(page.getByText('Order reference:')).toBeVisible();
  const reference = page.getByText(/^ORD-\d+$/);
  await expect(reference).toBeVisible();
  const orderId = Number(/\/booking-confirmed\/(\d+)$/.exec(page.url())?.[1]);
  return { orderId, reference: (await reference.textContent()) ?? '' };
}
