import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';
import { blockMapTiles, expectOpen, leeds, sectionToggle, selectMembership } from '../../support/joining';
import { kioskClearAfterPromptMs, kioskIdleMs } from '../../support/kiosk';

// The venues are in Europe/London and the server dates joinings there; the browser agrees.
test.use({ timezoneId: 'Europe/London' });

/**
 * Issue 4, kiosk joining: '/kiosk/?kiosk=true'; once a joining has started, idling brings a
 * start-over prompt and, 5 s later, the form is cleared and the user logged out with 'Joining
 * form cleared due to inactivity'. The page's clock is faked: the idle times pass at once, not in
 * real time.
 */
test('kiosk joining: the start-over prompt, then the form cleared and the user logged out', async ({
  page,
  request,
}) => {
  const idleMs = await kioskIdleMs(request);
  const customer = await createCustomer(request, 'join-kiosk');
  await logInThroughApi(page.request, customer);
  await blockMapTiles(page);
  await page.clock.install();

  await page.goto('/join/kiosk/?kiosk=true');
  await expectOpen(page, 'centre', 1);
  await page.getByRole('button', { name: `Select ${leeds.name}` }).click();
  await expectOpen(page, 'membership', 2);
  await selectMembership(page, 'Off-Peak').click();
  await expectOpen(page, 'details', 3);
  // The member's purchase details, theirs to edit (so no 'can't be edited' notice).
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await expect(page.getByText("These details can't be edited right now")).toHaveCount(0);

  // No input now: the prompt comes after the idle time.
  const prompt = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(prompt).toBeHidden();
  await page.clock.fastForward(idleMs);
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('The joining form will be cleared in a few seconds.');
  await expect(prompt.getByRole('button', { name: 'Start over' })).toBeVisible();
  await expect(prompt.getByRole('button', { name: "I'm still here" })).toBeVisible();
  await expectNoA11yViolations(page, 'kiosk: start-over prompt');

  // Still no input: cleared and logged out.
  await page.clock.fastForward(kioskClearAfterPromptMs);
  await expect(page.getByText('Joining form cleared due to inactivity')).toBeVisible();
  await expect(prompt).toBeHidden();
  await expect(sectionToggle(page, 'details')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: /Membership selection$/ })).not.toContainText('Off-Peak,');
  await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401);
  await expectNoA11yViolations(page, 'kiosk: form cleared');
});
