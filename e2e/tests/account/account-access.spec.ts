import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { answerField, logOutFromAccount, submitLoginForm } from '../../support/account';
import {
  createCustomer,
  dataFieldForm,
  defaultPassword,
  fieldsOf,
  uniqueEmail,
  uniqueName,
  validAnswer,
} from '../../support/customers';
import { linkIn, waitForEmail } from '../../support/mail';

/**
 * my-account.md 2.9 and 2.11: a visitor registers, gets the welcome email over SMTP, logs out,
 * forgets the password, follows the emailed link, resets it, logs in with the new one, edits
 * their details and logs out.
 */
test('register, welcome email, forgot and reset the password, log in, edit details, log out', async ({
  page,
  request,
}) => {
  const person = { email: uniqueEmail('journey'), firstName: uniqueName(), lastName: uniqueName() };
  const form = await dataFieldForm(request);

  // Register through the dynamic data-field form.
  await page.goto('/account/register');
  // The whole screen, not just its heading: on a cold server the scan once ran while the page was
  // still between its loading view and the form (no main landmark yet).
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible();
  await expectNoA11yViolations(page, 'register');
  for (const field of fieldsOf(form)) {
    if (field.is_required && field.is_authorised) await answerField(page, field, validAnswer(field, person));
  }
  await page.getByLabel(/^password/i).fill(defaultPassword);
  await page.getByLabel(/^confirm password/i).fill(defaultPassword);

  const submit = page.getByRole('button', { name: /create (my )?account|register/i });
  await expect(submit, 'disabled until the terms are accepted').toBeDisabled();

  // The terms modal: 'I Agree' waits for the scroll to the bottom.
  await page.getByRole('button', { name: /terms and conditions/i }).click();
  const terms = page.getByRole('dialog');
  await expect(terms).toBeVisible();
  await expectNoA11yViolations(page, 'register: terms modal');
  const agree = terms.getByRole('button', { name: 'I Agree' });
  await terms.locator('[data-terms-scroll]').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await agree.click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/i })).toBeChecked();

  await submit.click();
  await page.waitForURL(/\/account\/?(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const welcome = await waitForEmail(person.email, /^Welcome to /);
  expect(welcome.text).toContain(person.firstName);

  // The welcome email's link confirms the address.
  const verifyLink = new URL(linkIn(welcome, /\/account\/verify-email\//));
  await page.goto(verifyLink.pathname);
  await expect(page.getByText('Thank you: your email address is confirmed.')).toBeVisible();
  await expectNoA11yViolations(page, 'email confirmed');
  await page.goto('/account/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await logOutFromAccount(page);
  await page.waitForURL(/\/account\/login/);

  // Forgot the password: the modal, then the check-email modal.
  await page.getByRole('button', { name: /forgot/i }).click();
  const forgot = page.getByRole('dialog');
  await forgot.getByLabel(/email address or customer id/i).fill(person.email);
  await expectNoA11yViolations(page, 'forgot-password modal');
  await forgot.getByRole('button', { name: /send/i }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/check your email/i)
      .first(),
  ).toBeVisible();
  await expectNoA11yViolations(page, 'check-email modal');
  await page.keyboard.press('Escape');

  // Follow the emailed link and choose a new password.
  const resetMail = await waitForEmail(person.email, /^Reset your .* password$/);
  const resetLink = new URL(linkIn(resetMail, /\/account\/password-reset\//));
  await page.goto(resetLink.pathname);
  await expect(page.getByLabel(/^new password/i)).toBeVisible();
  await expectNoA11yViolations(page, 'password reset');
  const newPassword = 'Reset-Pass-2';
  await page.getByLabel(/^new password/i).fill(newPassword);
  await page.getByLabel(/^confirm new password/i).fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page.getByRole('heading', { name: /password (has been )?(reset|changed)/i })).toBeVisible();
  await expectNoA11yViolations(page, 'password reset: success');

  // The link works once: a second visit is sent to /login.
  await page.goto(resetLink.pathname);
  await page.waitForURL(/\/account\/login/);

  // The old password no longer works; the new one does.
  await submitLoginForm(page, person.email, defaultPassword);
  await expect(page.getByText(/credentials do not match/i).first()).toBeVisible();
  await submitLoginForm(page, person.email, newPassword);
  await page.waitForURL(/\/account\/?$/);

  // Edit details: change the first name.
  await page.goto('/account/user-details');
  const firstNameField = fieldsOf(form).find((field) => /first/i.test(field.name));
  expect(firstNameField, 'the form has a first-name field').toBeDefined();
  if (!firstNameField) return;
  const renamed = uniqueName();
  const firstName = page.getByLabel(new RegExp(`^\\s*${firstNameField.label}\\s*\\*?\\s*$`, 'i'));
  await expect(firstName).toHaveValue(person.firstName);
  await expectNoA11yViolations(page, 'my details');
  await firstName.fill(renamed);
  await page.getByRole('button', { name: /save|update/i }).click();
  await expect(page.getByText('Your account details have been updated')).toBeVisible();
  await page.reload();
  await expect(firstName).toHaveValue(renamed);

  await logOutFromAccount(page);
  await page.goto('/account/user-details');
  await page.waitForURL(/\/account\/login\?redirect=%2Fuser-details/);
});

test('an address shared by two accounts asks for the customer ID', async ({ page }) => {
  await page.goto('/account/login?showForgotPassword=true');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/email address or customer id/i).fill('family@example.com');
  await dialog.getByRole('button', { name: /send/i }).click();
  const customerId = page.getByRole('dialog').getByLabel(/customer id/i);
  await expect(customerId).toBeVisible();
  await expectNoA11yViolations(page, 'customer-ID prompt');
});

test('a signed-in user is sent from /login to the redirect target; a guest to /login', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'guards');
  await page.goto('/account/user-details?tab=1');
  await page.waitForURL(/\/account\/login\?redirect=/);
  await submitLoginForm(page, customer.email, customer.password);
  await page.waitForURL(/\/account\/user-details\?tab=1$/);
  await page.goto('/account/login?redirect=%2Fuser-details');
  await page.waitForURL(/\/account\/user-details$/);
});

test('bad reset links go to /login', async ({ page }) => {
  await page.goto('/account/password-reset/not-a-real-token');
  await page.waitForURL(/\/account\/login/);
});
