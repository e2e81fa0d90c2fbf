import { expect, type Frame, type Page, test } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices (one main landmark, heading order, ...). */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * Rules axe marks experimental, so the tags above leave them out: named here to run on every check.
 * label-content-name-mismatch is WCAG 2.5.3 (Label in Name): a control's accessible name must contain
 * its visible text, or a speech-input user who says what they see ("click Leave waitlist") misses it.
 */
const experimentalRules = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Puts axe-core in a frame that does not have it yet. A page keeps it until it navigates, so the
 * second and later checks of one page (its modal states) skip the ~0.5 MB script. The frames are
 * the test's own pages, so their results are collected whatever their origin (the card frame).
 */
async function ensureAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate('typeof window.axe === "object"').catch(() => true);
  if (present) return;
  await frame.evaluate(axe.source);
  await frame.evaluate('axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] })');
}

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA, best practices and Label in Name) on the page as it is now, its frames
 * included, and fails with a readable list of violations. Call it on every screen and every modal
 * state a journey reaches.
 *
 * axe runs in the page with `axe.run`, as @axe-core/playwright's legacy mode does: its default mode
 * opens a second page for every check to merge the frames' results, which cost about half of each
 * check's second and, over the suite's ~180 checks, minutes of CI.
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  // Colour contrast mid-fade is noise, and a toast can start its exit while axe is still reading the
  // page. With reduced motion the toasts (sonner) change state at once, so every state axe sees is a
  // resting one; what is still running is then let settle.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let results: AxeResults;
  try {
    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
            ),
        null,
        { timeout: 5_000 },
      )
      .catch(() => undefined);
    for (const frame of page.frames()) await ensureAxe(frame);
    results = await page.evaluate(
      ({ values, rules }) => window.axe.run(document, { runOnly: { type: 'tag', values }, rules }),
      { values: tags, rules: experimentalRules },
    );
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
  const violations = results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`)
      .join('\n');
    return `${violation.id} [${violation.impact ?? 'n/a'}] ${violation.help} (${violation.nodes.length} nodes)\n${nodes}`;
  });
  test.info().annotations.push({ type: 'axe', description: `${label}: ${violations.length} violation(s)` });
  expect(violations, `axe-core on "${label}" (${page.url()})`).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
