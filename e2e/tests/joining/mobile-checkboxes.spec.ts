import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { answerPurchaseDetails, expectOpen, leeds } from '../../support/joining';
import { signedInMember } from '../../support/member-api';

test.use({ timezoneId: 'Europe/London', viewport: { width: 390, height: 844 } });

/** The box and its label on one line: the label starts beside the box, level with it, and wraps there. */
async function expectBesideItsLabel(page: Page, checkbox: Locator): Promise<void> {
  const id = await checkbox.getAttribute('id');
  const label = page.locator(`label[for="${id}"]`);
  const box = await checkbox.boundingBox();
  const text = await label.boundingBox();
  if (!box || !text) throw new Error('the checkbox or its label is not shown');
  expect(text.x, 'the label starts right of the box').toBeGreaterThanOrEqual(box.x + box.width);
  expect(Math.abs(text.y - box.y), 'the label starts on the box’s line').toBeLessThan(box.height);
  expect(text.x + text.width, 'the label wraps within the screen').toBeLessThanOrEqual(390);
}

/**
 * Issue 14: on a 390 px screen a checkbox and its label stay on one line, the label wrapping beside
 * the box: the health commitment and membership terms on Review, the authorisation on Monthly payment.
 */
test('on a phone, the terms and authorisation checkboxes keep their labels beside them', async ({ page }) => {
  const { customer } = await signedInMember(page, 'mobile-boxes');
  await page.goto(`/join/centre/${leeds.slug}/membership/off-peak/recurring`);
  await expectOpen(page, 'details');
  await answerPurchaseDetails(page, page.request, customer);

  await expectOpen(page, 'review');
  await page.getByRole('combobox', { name: /^Billing day/ }).selectOption('1');
  for (const name of [
    /^I agree to the Health Commitment Statement/,
    /^I agree to the Membership Terms and Conditions/,
  ]) {
    const box = page.getByRole('checkbox', { name });
    await expectBesideItsLabel(page, box);
    await box.check();
  }
  await expectNoA11yViolations(page, 'review on a phone');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expectOpen(page, 'payment');
  const authorisation = page.getByRole('checkbox', {
    name: /^I am the account holder and the only person required to authorise debits from this account/,
  });
  await expectBesideItsLabel(page, authorisation);
  await expectBesideItsLabel(
    page,
    page.getByRole('checkbox', { name: /^I agree to the Direct Debit Guarantee/ }),
  );
  await expectNoA11yViolations(page, 'monthly payment on a phone');
});
