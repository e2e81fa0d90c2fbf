import axe from 'axe-core';

/**
 * For the console's component tests: axe's violations on what is rendered (the rules a DOM without
 * layout can check; colour contrast is left to the browser journeys). axe-core is the e2e
 * workspace's (the same engine @axe-core/playwright runs).
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
