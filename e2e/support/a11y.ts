import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** WCAG 2.2 (target size) and axe's best practices (heading order, landmarks) as well. */
const strictTags = [...tags, 'wcag22a', 'wcag22aa', 'best-practice'];

export interface A11yOptions {
  /** Also check WCAG 2.2 and axe's best-practice rules. */
  strict?: boolean;
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA) on the page as it is now and fails with a readable list
 * of violations. Call it on every screen and every modal state a journey reaches.
 */
export async function expectNoA11yViolations(
  page: Page,
  label: string,
  options: A11yOptions = {},
): Promise<void> {
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
  const results = await new AxeBuilder({ page }).withTags(options.strict ? strictTags : tags).analyze();
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
