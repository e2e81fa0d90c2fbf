import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer } from '../../support/customers';
import { tabTo } from '../../support/keyboard';

/** The first session link of the first bookable day that has one (late in the day, today may be empty). */
/**
 * Opens the first day of the date strip that lists sessions; with `open`, the first whose list has
 * a session still taking bookings (late in the day, today's last session may be full).
 */
async function openFirstDayWithSessions(page: Page, options: { open?: boolean } = {}): Promise<Locator> {
  const strip = page.getByRole('navigation', { name: 'Choose a date' });
  await expect(strip.getByRole('link').first()).toBeVisible();
  const days = await strip.getByRole('link').count();
  for (let day = 0; day < days; day += 1) {
    await strip.getByRole('link').nth(day).click();
    const heading = page.getByRole('heading', { level: 2, name: /^Sessions on/ });
    await expect(heading).toBeVisible();
    const list = page.getByRole('list', { name: /^Sessions on/ });
    const empty = page.getByText('No results were found at this centre');
    await expect(list.or(empty)).toBeVisible();
    if (!(await list.isVisible())) continue;
    const bookable = list.getByRole('listitem').filter({ hasNotText: 'Join waitlist' });
    if (!options.open || (await bookable.count()) > 0) return list;
  }
  throw new Error('No bookable day has sessions');
}

/** bookings-api.md "Pages": an anonymous visitor browses from the venue finder to a court's slot. */
test('an anonymous visitor finds a venue, picks a day and opens a badminton slot', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Book an activity' })).toBeVisible();
  const venues = page.getByRole('list', { name: 'Venues' });
  await expect(venues.getByRole('listitem').first()).toBeVisible();
  const all = await venues.getByRole('listitem').count();
  expect(all).toBeGreaterThan(1);
  await expectNoA11yViolations(page, 'venue finder');

  const search = page.getByRole('searchbox', { name: 'Search for a venue' });
  await search.fill('Le');
  await expect(venues.getByRole('listitem')).toHaveCount(all);
  await search.fill('Leeds');
  await expect(venues.getByRole('heading', { name: 'Riverside Leisure Centre Leeds' })).toBeVisible();
  await expect(venues.getByRole('listitem')).not.toHaveCount(all);

  // Select with the keyboard alone.
  const select = page.getByRole('link', { name: 'Select Riverside Leisure Centre Leeds' });
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/location\/leeds-riverside$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' })).toBeVisible();
  await expect(page).toHaveTitle(/\| Riverside Leisure Centre Leeds$/);
  await expectNoA11yViolations(page, 'venue page');

  await page.getByRole('link', { name: 'Racquet Sports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Racquet Sports' })).toBeVisible();
  await page.getByRole('link', { name: 'Badminton', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Badminton' })).toBeVisible();
  await page.getByRole('link', { name: 'Badminton 40min' }).click();
  await expect(page).toHaveURL(/\/location\/leeds-riverside\/badminton-40min$/);
  // The breadcrumbs show the category path: Home / venue / category / activity.
  const breadcrumbs = page.getByRole('navigation', { name: /breadcrumb/i });
  await expect(breadcrumbs.getByRole('listitem')).toHaveText([
    'Home',
    'Riverside Leisure Centre Leeds',
    'Racquet Sports',
    'Badminton',
    'Badminton 40min',
  ]);
  await expect(breadcrumbs.getByRole('link', { name: 'Badminton', exact: true })).toHaveAttribute(
    'href',
    '/location/leeds-riverside/badminton',
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a date' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Choose a date' }).getByRole('link').first(),
  ).toContainText('Today');
  await expectNoA11yViolations(page, 'activity date picker');

  const list = await openFirstDayWithSessions(page);
  await expect(page).toHaveURL(/\/badminton-40min\/\d{4}-\d{2}-\d{2}\/by-time$/);
  await expect(breadcrumbs.getByRole('listitem')).toHaveText([
    'Home',
    'Riverside Leisure Centre Leeds',
    'Racquet Sports',
    'Badminton',
    'Badminton 40min',
    /^\w{3} \d{1,2} \w{3}$/,
  ]);
  await expect(breadcrumbs.getByRole('link', { name: 'Badminton 40min' })).toBeVisible();
  const first = list.getByRole('listitem').first();
  await expect(first).toContainText('Badminton 40min');
  await expect(first).toContainText(/\d+ spaces? available/);
  await expect(first).toContainText(/£\d+\.\d{2}/);
  await expectNoA11yViolations(page, 'sessions by time');

  const link = first.getByRole('link');
  await link.click();
  await expect(page).toHaveURL(/\/by-time\/slot\/\d{2}:\d{2}-\d{2}:\d{2}\/[0-9a-f]{8}$/);
  // The modal's page keeps the path (behind the modal, so hidden from the accessibility tree).
  await expect(page.locator('nav.breadcrumbs li')).toHaveText([
    'Home',
    'Riverside Leisure Centre Leeds',
    'Racquet Sports',
    'Badminton',
    'Badminton 40min',
    /^\w{3} \d{1,2} \w{3}$/,
  ]);
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog).toBeVisible();
  const location = dialog.getByRole('combobox', { name: 'Select location' });
  await expect(location).toBeVisible();
  await expect(location.getByRole('option')).not.toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Book now' })).toBeVisible();
  await expectNoA11yViolations(page, 'slot modal');

  // The slot page deep-links: a reload opens the same modal over the same list.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Your selection' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select location' })).toBeVisible();

  // Escape closes it and goes back to the list, with the focus on the session it was opened for.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page).toHaveURL(/\/by-time$/);
  await expect(link).toBeFocused();
});

/** Focus returns to the control that opened a modal when it closes (Escape or the close button). */
test('closing the slot or class modal returns the focus to the session that opened it', async ({ page }) => {
  await page.goto('/location/leeds-riverside/badminton-40min');
  const courts = await openFirstDayWithSessions(page);
  const court = courts.getByRole('listitem').last().getByRole('link').first();
  await tabTo(page, court);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByRole('combobox', { name: 'Select location' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(court).toBeFocused();
  await expectNoA11yViolations(page, 'sessions by time after closing the slot modal');

  await page.goto('/location/leeds-riverside/fitness-classes-c');
  const classes = await openFirstDayWithSessions(page);
  const session = classes.getByRole('listitem').first().getByRole('link').first();
  await session.click();
  await expect(dialog.getByText(/spaces? available/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(session).toBeFocused();
  // On the activity's date picker page too, the path is there.
  await page.goto('/location/leeds-riverside/fitness-classes-c');
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('listitem')).toHaveText([
    'Home',
    'Riverside Leisure Centre Leeds',
    'Fitness Classes',
    'Fitness Classes C',
  ]);
});

test("'Book an activity' without a selected venue goes to the finder with a toast", async ({ page }) => {
  await page.goto('/redirect-to-selected-venue');
  await expect(page.getByText('Please select a venue before booking an activity')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/location/york-ouse-bank');
  await expect(page.getByRole('heading', { level: 1, name: 'Ouse Bank Leisure Centre York' })).toBeVisible();
  await page.goto('/redirect-to-selected-venue');
  await expect(page).toHaveURL(/\/location\/york-ouse-bank$/);
});

test("a class's modal shows its price options, and 'Book now' asks an anonymous visitor to log in", async ({
  page,
}) => {
  await page.goto('/location/leeds-riverside/fitness-classes-c');
  await expect(page.getByRole('heading', { level: 1, name: 'Fitness Classes C' })).toBeVisible();
  const list = await openFirstDayWithSessions(page, { open: true });
  const open = list.getByRole('listitem').filter({ hasNotText: 'Join waitlist' }).first();
  await open.getByRole('link').click();
  await expect(page).toHaveURL(/\/by-time\/class\/\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await expect(dialog.getByRole('group', { name: 'Price options' })).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Adult quantity' })).toHaveValue('1');
  await expectNoA11yViolations(page, 'class modal');
  await dialog.getByRole('button', { name: 'Book now' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toBeVisible();
  await expect(login.getByLabel(/email address or customer id/i)).toBeVisible();
  await expectNoA11yViolations(page, 'login over the class modal');
});

/** 'Book now' asks for a login first; after it the visitor is still on the slot and can book it. */
test('logs in from the slot modal, stays on it, and adds the court to the basket', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'slot');
  await page.goto('/location/leeds-riverside/badminton-60min');
  await expect(page.getByRole('heading', { level: 1, name: 'Badminton 60min' })).toBeVisible();
  const list = await openFirstDayWithSessions(page);
  await list.getByRole('listitem').filter({ hasText: 'Log in to book' }).first().getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await dialog.getByRole('button', { name: 'Book now' }).click();

  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel(/email address or customer id/i).fill(customer.email);
  await login.getByLabel(/^password/i).fill(customer.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/by-time\/slot\//);

  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Go to basket' })).toBeVisible();
  await expectNoA11yViolations(page, 'slot modal after adding');
});
