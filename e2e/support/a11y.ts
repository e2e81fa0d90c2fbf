import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2 A and AA, and axe's best practices (one main landmark, heading order, ...). */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA and best practices) on the page as it is now and fails
 * with a readable list of violations. Call it on every screen and every modal state a journey
 * reaches.
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  // Let opening or closing animations (dialogs, toasts) settle: colour contrast mid-fade is noise.
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
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
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
