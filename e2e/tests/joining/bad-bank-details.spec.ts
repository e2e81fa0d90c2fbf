import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { expectOpen, leeds, registerInYourDetails, sandboxBank } from '../../support/joining';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

const modulusMessage = 'Please check your account number and sort code.';

/**
 * joining-and-payments.md 5: bank details that fail the modulus check get the server's message under
 * the account number, and 'Save and continue' stays disabled until the field is edited.
 */
test('bank details that fail the modulus check show the field error until edited', async ({
  page,
  request,
}) => {
  await page.goto(`/join/centre/${leeds.slug}/membership/off-peak/recurring`);
  await expectOpen(page, 'details', 3);
  await registerInYourDetails(page, request, 'join-bad-bank');

  await expectOpen(page, 'review', 4);
  await page.getByRole('combobox', { name: /^Billing day/ }).selectOption('15');
  await page.getByRole('checkbox', { name: /^I agree to the Health Commitment Statement/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the Membership Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expectOpen(page, 'payment', 5);
  const accountNumber = page.getByRole('textbox', { name: /^Account number/ });
  const save = page.getByRole('button', { name: 'Save and continue' });
  await accountNumber.fill('55779912');
  await page.getByRole('textbox', { name: /^Sort code/ }).fill(sandboxBank.sortCode);
  await page.getByRole('textbox', { name: /^Address line 1/ }).fill('1 River Street');
  await page.getByRole('textbox', { name: /^City/ }).fill('Leeds');
  await page.getByRole('textbox', { name: /^Postcode/ }).fill('LS1 4AP');
  await page.getByRole('checkbox', { name: /^I agree to the Direct Debit Guarantee/ }).check();
  await page
    .getByRole('checkbox', {
      name: /^I am the account holder and the only person required to authorise debits from this account/,
    })
    .check();
  await expect(save).toBeEnabled();
  await save.click();

  // The server's message, in red under the account number, which is marked invalid.
  await expect(accountNumber).toHaveAttribute('aria-invalid', 'true');
  await expect(accountNumber).toHaveAccessibleDescription(new RegExp(modulusMessage.replace(/\./g, '\\.')));
  await expect(page.getByText(modulusMessage)).toBeVisible();
  await expect(save).toBeDisabled();
  await expectOpen(page, 'payment', 5);
  await expectNoA11yViolations(page, 'monthly payment: modulus check failed');

  // Editing the field clears the message and enables saving; the right number is accepted.
  await accountNumber.fill(sandboxBank.accountNumber);
  await expect(page.getByText(modulusMessage)).toHaveCount(0);
  await expect(accountNumber).not.toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeEnabled();
  await save.click();
  await expectOpen(page, 'confirm', 6);
  await expect(page.getByRole('region', { name: 'Step 6: Confirm your details' })).toContainText('******11');
});
