import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { unusedTotpCode } from '../../support/console';
import { tabTo } from '../../support/keyboard';
import { demoStaff } from '../../support/staff';

/**
 * The console with the keyboard alone (issue 47): sign-in with the second factor, then every area's
 * first screen reached from the navigation, each axe-clean; a phone-sized and a tablet-sized window.
 */
test('staff sign in to the console and walk every area with the keyboard alone, axe-clean', async ({
  page,
}) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/venues');
  // Not signed in: sign-in first, then back where they were going.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: sign in');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(demoStaff.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(demoStaff.password);
  await page.keyboard.press('Enter');

  const code = page.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: verification code');
  await tabTo(page, code);
  await page.keyboard.type(await unusedTotpCode(demoStaff.totpSecret));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();

  const navigation = page.getByRole('navigation', { name: 'Console' });
  const areas = [
    ['Operator', 'Operator settings'],
    ['Venues', 'Venues'],
    ['Activities', 'Activities'],
    ['Timetables', 'Timetables'],
    ['Memberships', 'Membership types'],
    ['Promotions', 'Promotions'],
    ['Staff', 'Staff users'],
    ['Audit log', 'Audit log'],
  ] as const;
  for (const [entry, heading] of areas) {
    await tabTo(page, navigation.getByRole('link', { name: entry, exact: true }), { maxPresses: 80 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoA11yViolations(page, `console: ${heading}`);
  }

  // A form from the keyboard: the first venue's page, then its history.
  await tabTo(page, navigation.getByRole('link', { name: 'Venues', exact: true }), { maxPresses: 80 });
  await page.keyboard.press('Enter');
  const firstVenue = page.getByRole('table').getByRole('link').first();
  await tabTo(page, firstVenue, { maxPresses: 80 });
  const venueName = (await firstVenue.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: venueName })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(venueName);
  await expectNoA11yViolations(page, 'console: a venue');

  // Phone-sized: the navigation still reaches every area.
  await page.setViewportSize({ width: 390, height: 844 });
  await tabTo(page, navigation.getByRole('link', { name: 'Timetables', exact: true }), {
    maxPresses: 120,
    backwards: true,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Timetables' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: timetables on a phone');
});
