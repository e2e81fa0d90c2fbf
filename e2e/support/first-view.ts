import type { Page } from '@playwright/test';

/**
 * The pages as the server sends them when it could not render their first view (its own calls
 * failed, decision 027): the themed HTML without the view, which the browser renders itself. For
 * journeys that make the browser's calls fail (a theme answering 503, an order answering 401): on
 * the real server those calls would fail for its render too.
 */
export async function serveWithoutFirstView(page: Page): Promise<void> {
  await page.route(
    (url) => !/^\/(api|assets|translations)\//.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<div id="root">[\s\S]*?<\/div><script id="page-state" type="application\/json">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      );
      return route.fulfill({ response, body: html });
    },
  );
}

/**
 * Waits for the page's scripts to have started the app (the tab's modes stored, the server's HTML
 * hydrated or rendered afresh, timers running). The server's HTML shows the first view before that,
 * so a journey that depends on the browser's work waits for this, not for something it can see.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => 'leisureLive' in window);
}

/** Holds the page's scripts back (a slow phone) until the returned function lets them load. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsMayLoad = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unroute(/\/assets\/.*\.js$/);
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  return release;
}
