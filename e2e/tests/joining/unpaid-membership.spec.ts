import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  agreeToCheckoutTerms,
  basketItem,
  expectCheckoutSuccessful,
  fillBilling,
  testCards,
  typeCard,
} from '../../support/bookings';
import { expectOpen, leeds, registerInYourDetails, type Visitor } from '../../support/joining';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/**
 * Issue 14 (docs/decisions/018): what 'Continue' puts in the basket is a draft, not the member's
 * membership. Left in the basket it is not in the account; removed it is gone; paid it is the one
 * membership the account shows.
 */

/** A visitor joins Swim Only (single payment) up to the checkout page: its first payment is in the basket. */
async function joinSwimOnlyUpToCheckout(
  page: Page,
  request: Parameters<typeof registerInYourDetails>[1],
  tag: string,
) {
  await page.goto(`/join/centre/${leeds.slug}/membership/swim-only/fixed`);
  await expectOpen(page, 'details', 3);
  const visitor = await registerInYourDetails(page, request, tag);
  await expectOpen(page, 'review', 4);
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Membership added to basket.')).toBeVisible();
  await expect(page).toHaveURL(/\/basket\/checkout$/);
  return visitor;
}

/** /account/memberships, once it has loaded. */
async function openAccountMemberships(page: Page): Promise<void> {
  await page.goto('/account/memberships');
  await expect(page.getByRole('heading', { level: 1, name: 'Memberships' })).toBeVisible();
}

async function expectNoMemberships(page: Page, a11yLabel: string): Promise<void> {
  await openAccountMemberships(page);
  await expect(page.getByText('You currently have no memberships')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Manage membership/ })).toHaveCount(0);
  await expectNoA11yViolations(page, a11yLabel);
}

test('a membership removed from the basket is not in the account', async ({ page, request }) => {
  await joinSwimOnlyUpToCheckout(page, request, 'join-removed');
  // Not paid for yet: not the member's membership.
  await expectNoMemberships(page, 'memberships: one in the basket, not paid');

  await page.goto('/basket');
  const line = basketItem(page, 'Swim Only');
  await expect(line).toBeVisible();
  await line.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText('Your basket is empty')).toBeVisible();
  await expectNoA11yViolations(page, 'basket emptied of its membership');

  await expectNoMemberships(page, 'memberships: the basket line removed');
});

test('a paid membership is the one membership in the account', async ({ page, request }) => {
  const visitor: Visitor = await joinSwimOnlyUpToCheckout(page, request, 'join-paid');
  await expectNoMemberships(page, 'memberships: before paying');

  await page.goto('/basket/checkout');
  await expect(page.getByText('To pay: £60.00')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${visitor.firstName} ${visitor.lastName}`);
  await fillBilling(page, visitor);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);

  await openAccountMemberships(page);
  const manage = page.getByRole('button', { name: /^Manage membership/ });
  await expect(manage).toHaveCount(1);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Swim Only' }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Cancelled', { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page, 'memberships: the paid one');
});
