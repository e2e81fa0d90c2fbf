import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';

/** The journeys' accessibility check must be able to fail: on the page, and inside a frame of it. */
test('the accessibility check reports a violation on the page and one inside a frame', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Check</h1><p style="color:#aaa;background:#fff">Faint text</p>
    <iframe title="Inner" srcdoc="<!doctype html><html lang='en'><head><title>Inner</title></head><body><main><input type='text'></main></body></html>"></iframe>
    </main></body></html>`);
  await expect(page.frameLocator('iframe').locator('input')).toBeVisible();

  const failure = await expectNoA11yViolations(page, 'a page with faults').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('color-contrast [serious]');
  expect(failure).toContain('label [critical]');
  expect(failure).toContain('iframe input');
});

/** WCAG 2.5.3 on every check: an accessible name that does not contain the visible label fails. */
test('the accessibility check reports a name that does not contain the visible label', async ({ page }) => {
  const pageWith = (label: string) => `<!doctype html><html lang="en"><head><title>Check</title></head><body>
    <main><h1>Check</h1><button type="button" aria-label="${label}">Leave waitlist</button></main></body></html>`;
  await page.setContent(pageWith('Leave the waitlist for Fitness Classes C'));
  const failure = await expectNoA11yViolations(page, 'a label that speech users cannot say').then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('label-content-name-mismatch');

  await page.setContent(pageWith('Leave waitlist for Fitness Classes C'));
  await expectNoA11yViolations(page, 'a label that contains the visible text');
});
