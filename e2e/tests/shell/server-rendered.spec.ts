import { expect, type Locator, type Page, test } from '@playwright/test';
import { createCustomer, historyMember, logInThroughApi, writeHeaders } from '../../support/customers';
import { appStarted, holdScripts } from '../../support/first-view';
import { signedInStudent } from '../../support/member-api';
import { findSession } from '../../support/sessions';

/**
 * Phones (issue 16, decision 027): the server renders a page's first view with the answers of its
 * calls, so it shows before any script has run; the browser then hydrates that HTML (keeps it and
 * makes it work) instead of rendering the page again.
 */

const pages = [
  { path: '/', heading: 'Book an activity' },
  { path: '/location/leeds-riverside', heading: 'Riverside Leisure Centre Leeds' },
  { path: '/account/login', heading: 'Log in' },
  { path: '/join/', heading: 'Buy a membership' },
];

/**
 * Counts, from before the page's first byte, the times the server's HTML was thrown away (its
 * `.site` element removed), and collects what React says when it renders a part again.
 */
async function watchHydration(page: Page): Promise<{ replaced: () => Promise<number>; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /rendered again|hydrat/i.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const counter = window as unknown as { siteReplaced: number };
    counter.siteReplaced = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof HTMLElement && node.classList.contains('site')) counter.siteReplaced += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    replaced: () => page.evaluate(() => (window as unknown as { siteReplaced: number }).siteReplaced),
    errors,
  };
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test("each sub-site's first view is in the page the server sends, with the operator's theme", async ({
    page,
  }) => {
    for (const { path, heading } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: /home/i }), path).toBeVisible();
    }
    // The screen's own data, not only its frame: the venues and a venue's activities.
    await page.goto('/');
    await expect(page.getByTestId('venue-card').first()).toBeVisible();
    await page.goto('/location/leeds-riverside');
    await expect(page.getByRole('link', { name: 'Racquet Sports' })).toBeVisible();
  });

  test("a venue's page selects it at once, so a link followed before the scripts run finds it selected", async ({
    page,
    context,
  }) => {
    await page.goto('/location/york-ouse-bank');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ouse Bank Leisure Centre York' }),
    ).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'selected_venue')?.value).toBe('york-ouse-bank');
  });

  test('a link opened signed out goes straight to the login page, and back once signed in', async ({
    page,
  }) => {
    await page.goto('/account/bookings/upcoming');
    await expect(page).toHaveURL(/\/account\/login\?redirect=%2Fbookings%2Fupcoming$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();

    const customer = await createCustomer(page.request, 'server-redirect');
    await logInThroughApi(page.request, customer);
    await page.goto('/account/login?redirect=%2Fbookings%2Fupcoming');
    await expect(page).toHaveURL(/\/account\/bookings\/upcoming$/);
  });

  test("a signed-in customer's dashboard is rendered for them", async ({ page }) => {
    const customer = await createCustomer(page.request, 'server-rendered');
    await logInThroughApi(page.request, customer);
    await page.goto('/account/');
    await expect(page.getByRole('heading', { level: 1, name: 'Account dashboard' })).toBeVisible();
    await expect(page.getByText(customer.firstName).first()).toBeVisible();
  });
});

test('the browser keeps the server’s HTML and makes it work, signed out and signed in', async ({ page }) => {
  const hydration = await watchHydration(page);
  for (const { path, heading } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // Working, not only shown: the venue search filters as the user types.
  await page.goto('/');
  await page.getByTestId('search-venue').fill('York');
  await expect(page.getByTestId('venue-card')).toHaveCount(1);
  expect(await hydration.replaced()).toBe(0);

  const customer = await createCustomer(page.request, 'hydrated');
  await logInThroughApi(page.request, customer);
  for (const path of ['/account/', '/account/bookings', '/basket']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await hydration.replaced(), path).toBe(0);
  }
  await expect(page.getByRole('heading', { level: 1, name: /basket/i })).toBeVisible();
  expect(hydration.errors).toEqual([]);
});

test("the footer keeps the server's sanitised HTML as it hydrates, and another venue's footer is sanitised in the browser", async ({
  page,
}) => {
  const hydration = await watchHydration(page);
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Riverside Leisure' })).toBeVisible();
  await appStarted(page);
  await expect(footer.getByRole('link', { name: 'Buy a membership' })).toBeVisible();

  // The next venue's footer, as a hostile operator HTML might be: it reaches the browser's sanitiser.
  await page.route(/\/api\/activities\/footer\?venue=leeds-riverside/, (route) =>
    route.fulfill({
      json: {
        data: '<h2>Leeds footer</h2><img src="x" alt="" onerror="window.footerScriptRan = 1"><a href="/terms" target="_blank">Terms</a><script>window.footerScriptRan = 1</script>',
      },
    }),
  );
  await page
    .getByRole('link', { name: /Riverside Leisure Centre Leeds/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' })).toBeVisible();
  await expect(footer.getByRole('heading', { name: 'Leeds footer' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await footer.locator('[onerror], script').count()).toBe(0);
  expect(await page.evaluate(() => 'footerScriptRan' in window)).toBe(false);
  expect(hydration.errors).toEqual([]);
});

test("a basket's countdown, a second further on in the browser than on the server, keeps the server's HTML", async ({
  page,
}) => {
  const hydration = await watchHydration(page);
  const customer = await createCustomer(page.request, 'countdown');
  await logInThroughApi(page.request, customer);
  const court = await findSession(page.request, { venue: 'leeds-riverside', activity: 'badminton-40min' });
  const added = await page.request.post('/api/activities/cart/add', {
    headers: await writeHeaders(page.request),
    data: { items: [{ id: court.id, type: 'activity' }] },
  });
  expect(added.status(), await added.text()).toBe(200);
  // The browser's clock runs ahead of the server's: the countdown it works out differs from the HTML's.
  await page.clock.install({ time: Date.now() + 5_000 });
  await page.goto('/basket');
  await expect(page.getByRole('timer')).toContainText('Your places are held for');
  await appStarted(page);
  expect(await hydration.replaced()).toBe(0);
  expect(hydration.errors).toEqual([]);
});

test('the scripts start, and the page is hydrated, with the clock stopped: they wait for the first paint, not for a timer', async ({
  page,
}) => {
  const hydration = await watchHydration(page);
  // A journey's fake clock holds every timer: the start (its module preloads one a task) must
  // not wait for one.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto('/join/');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy a membership' })).toBeVisible();
  await appStarted(page);
  const preloads = await page.locator('link[rel="modulepreload"]').count();
  expect(preloads).toBeGreaterThan(10);
  expect(await hydration.replaced()).toBe(0);
  expect(hydration.errors).toEqual([]);
});

test('a kiosk tab, which the server cannot know of, is rendered afresh in the browser', async ({ page }) => {
  const hydration = await watchHydration(page);
  await page.goto('/?kiosk=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Book an activity' })).toBeVisible();
  // The tab becomes a kiosk's when the scripts start, after the server's HTML is already shown.
  await appStarted(page);
  // The mode lives in the tab: a later page without the flag is the kiosk's too.
  await page.goto('/location/leeds-riverside');
  await expect(page.getByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' })).toBeVisible();
  await appStarted(page);
  expect(await hydration.replaced()).toBe(1);
  expect(hydration.errors).toEqual([]);
});

test('a form sent before the scripts have started is not sent by the browser (no password in the address)', async ({
  page,
}) => {
  // The page as a slow phone has it: the server's HTML, its scripts not yet arrived.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/account/login');
  await page.getByLabel(/email/i).first().fill('someone@example.com');
  await page
    .getByLabel(/password/i)
    .first()
    .fill('Secret-Pass-1');
  await page
    .getByLabel(/password/i)
    .first()
    .press('Enter');
  await page
    .getByRole('button', { name: /^log ?in$/i })
    .last()
    .click();
  await expect(page).toHaveURL(/\/account\/login$/);
  expect(page.url()).not.toContain('Secret');
});

test('a choice, a radio and a tap made before the scripts have started are applied once they have', async ({
  page,
}) => {
  let release = await holdScripts(page);
  await page.goto('/join/centre/leeds-riverside', { waitUntil: 'domcontentloaded' });
  const memberships = page.getByRole('list', { name: 'Memberships' }).getByRole('article');
  expect(await memberships.count()).toBeGreaterThan(1);
  await page.getByRole('combobox', { name: 'Membership type' }).selectOption({ label: 'Junior' });
  release();
  // The app learns the choice when it starts: only the Junior membership is listed.
  await expect(memberships).toHaveCount(1);

  // A radio tapped before the app starts shows it at once, and the app applies it once it starts.
  release = await holdScripts(page);
  await page.goto('/join/centre/leeds-riverside', { waitUntil: 'domcontentloaded' });
  const offPeak = page
    .getByRole('list', { name: 'Memberships' })
    .getByRole('button', { name: 'Select Off-Peak' });
  await expect(offPeak).toHaveCount(1);
  await page.getByRole('radio', { name: 'Single payment' }).check();
  release();
  await expect(offPeak).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Single payment' })).toBeChecked();

  // The header's 'Log in', tapped before the app starts, opens the login dialog once it has.
  release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login').click();
  release();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

/** Once React has hydrated the element (its props are on it) and the page is idle after it. */
async function hydrated(page: Page, element: Locator): Promise<void> {
  await appStarted(page);
  const handle = await element.elementHandle();
  await page.waitForFunction(
    (node) => Object.keys(node ?? {}).some((key) => key.startsWith('__reactProps$')),
    handle,
  );
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

test('a page scrolled before the scripts have started stays where it is once they have, on a computer and a phone', async ({
  page,
}) => {
  await logInThroughApi(page.request, historyMember);
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    const release = await holdScripts(page);
    await page.goto('/account/bookings/historic', { waitUntil: 'domcontentloaded' });
    // Its fonts are in (they come with the CSS, not the scripts), so no swap moves the text after.
    await page.evaluate(() => document.fonts.ready);
    const showMore = page.getByRole('button', { name: 'Show more' });
    await showMore.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    release();
    await hydrated(
      page,
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Bookings' }),
    );
    // The account navigation shows the current page's link by scrolling its own row, not the page:
    // the button the customer scrolled to is still under their finger.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(showMore).toBeInViewport();
  }
  // On a phone the row has scrolled sideways to the current page's link.
  await page.evaluate(() => window.scrollTo(0, 0));
  const nav = page.getByRole('navigation', { name: 'Account' });
  await expect(nav.getByRole('link', { name: 'Bookings' })).toBeInViewport();
  expect(await nav.getByRole('list').evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
});

test('text typed into a live search before the scripts have started is searched for once they have', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const venues = page.getByTestId('venue-card');
  const all = await venues.count();
  expect(all).toBeGreaterThan(1);
  // The search filters as it is typed (no form is sent): the app must learn the text once it starts.
  await page.getByRole('searchbox', { name: /search/i }).fill('Leeds');
  release();
  await expect(venues).not.toHaveCount(all);
  for (const name of await page.getByTestId('venue-name').allTextContents()) expect(name).toContain('Leeds');
  await expect(page.getByRole('searchbox', { name: /search/i })).toHaveValue('Leeds');
});

test("the joining map's search, typed and sent before the scripts have started, is searched once they have", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/join/', { waitUntil: 'domcontentloaded' });
  const search = page.getByRole('searchbox', { name: 'Search by town, city or centre name' });
  await search.fill('York');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  release();
  await expect(
    page.getByRole('heading', { level: 3, name: /^1 centre within 5 miles of .*York/ }),
  ).toBeVisible();
  // The text stays in the box: the app does not write over what was typed before it started.
  await expect(search).toHaveValue('York');
});

test('a file chosen before the scripts have started is taken once they have', async ({ page }) => {
  await signedInStudent(page, 'early-file');
  const release = await holdScripts(page);
  await page.goto('/account/memberships', { waitUntil: 'domcontentloaded' });
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Student' }) });
  // The document form as the server sent it: the member picks the type and the file at once.
  await card.getByLabel(/^Document type/).selectOption({ label: 'Student ID card' });
  await card.getByLabel(/^Document \(JPEG, PNG or PDF/).setInputFiles({
    name: 'student-card.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  });
  release();
  // The app learns both once it starts: the form may be sent, and sends the file.
  const submit = card.getByRole('button', { name: 'Submit document' });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(card.getByText('Thank you, your document has been submitted.')).toBeVisible();
});
