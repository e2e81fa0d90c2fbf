import { expect, type Page, test } from '@playwright/test';
import { createCustomer, logInThroughApi, writeHeaders } from '../../support/customers';
import { payBasketThroughApi } from '../../support/member-api';
import { findSession } from '../../support/sessions';

/**
 * Phones (issue 16, decision 023): a page's first screen loads only the code it shows. On a slow
 * network every chunk fetched before the first paint delays it, so dialogs and form validation
 * that only a click needs come later, when that click asks for them, and still work.
 */

/** The built scripts the page has requested so far, by file name. */
function scriptsRequested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') files.push(new URL(request.url()).pathname);
  });
  return files;
}

const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);

test('the login page shows without zod or the forgotten-password dialog, which loads when asked for', async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto('/account/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^log ?in$/i })).toBeVisible();
  expect(scripts.filter((file) => chunk('zod').test(file))).toEqual([]);
  expect(scripts.filter((file) => chunk('forgot-password-modal').test(file))).toEqual([]);

  await page.getByRole('button', { name: /forgotten/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(scripts.filter((file) => chunk('forgot-password-modal').test(file))).toHaveLength(1);
  // Closing gives focus back to the button that opened it, as before.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /forgotten/i })).toBeFocused();
});

test('the dashboard shows the next booking without the details dialog, which loads when it is asked for', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'first-load');
  await logInThroughApi(page.request, customer);
  const session = await findSession(page.request, {
    venue: 'leeds-riverside',
    activity: 'yoga-flow',
    spaces: 2,
  });
  const added = await page.request.post('/api/activities/cart/add', {
    headers: await writeHeaders(page.request),
    data: { items: [{ id: session.id, type: 'activity' }] },
  });
  expect(added.status(), await added.text()).toBe(200);
  await payBasketThroughApi(page.request, customer);

  const scripts = scriptsRequested(page);
  await page.goto('/account/');
  const next = page.getByRole('region', { name: 'My next booking' });
  const details = next.getByRole('button', { name: `View details of ${session.name}` });
  await expect(details).toBeVisible();
  expect(scripts.filter((file) => chunk('booking-details-modal').test(file))).toEqual([]);

  await details.click();
  await expect(page.getByRole('dialog', { name: session.name })).toBeVisible();
  expect(scripts.filter((file) => chunk('booking-details-modal').test(file))).toHaveLength(1);
});

test("a centre's memberships show without the dialog library or the later steps, which load as the visitor goes on", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto('/join/centre/leeds-riverside');
  const more = page.getByRole('button', { name: /^More details about / }).first();
  await expect(more).toBeVisible();
  for (const name of ['modal', 'your-details', 'review-dates', 'joining-registration']) {
    expect(
      scripts.filter((file) => chunk(name).test(file)),
      name,
    ).toEqual([]);
  }

  // 'More details' still opens the whole description in a dialog, and gives focus back when closed.
  await more.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(more).toBeFocused();

  // Choosing a membership opens Your details: the registration form arrives with it.
  await page
    .getByRole('button', { name: /^Select / })
    .and(page.locator(':enabled'))
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: /First name/ })).toBeVisible();
  expect(scripts.filter((file) => chunk('joining-registration').test(file))).toHaveLength(1);
});

test("the code every sub-site's first view runs comes as one file, not one per library", async ({ page }) => {
  // Decision 039: React, the router, the query cache, i18next and the shell were 15 files that
  // every page loaded together: the first views of `/` and `/account/login` preloaded 17 and 23
  // modules (4 and 10 now).
  for (const [path, heading, most] of [
    ['/', 'Book an activity', 6],
    ['/account/login', 'Log in', 12],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // The modules the server's page preloads for its first view (decision 027's start script).
    const modules = await page
      .locator('script[data-modules]')
      .evaluate((script) => (script as HTMLScriptElement).dataset.modules?.split(' ').filter(Boolean) ?? []);
    expect(
      modules.filter((file) => chunk('start').test(file)),
      path,
    ).toHaveLength(1);
    expect(modules.length, `${path}: ${modules.join(' ')}`).toBeLessThanOrEqual(most);
  }
});
