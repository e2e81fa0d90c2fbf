import { afterEach } from 'vitest';

const watching = new Set<MutationObserver>();
afterEach(() => {
  for (const observer of watching) observer.disconnect();
  watching.clear();
});

/**
 * Records whether a text was ever on the page, even for one commit that the next one replaced: a
 * flash that `findByText` and `queryByText` cannot see. It reads the nodes each DOM change added
 * (detached ones keep their text), so a state shown and removed in one task is caught too.
 */
export function watchForText(text: string): { readonly seen: boolean } {
  let seen = document.body.textContent?.includes(text) ?? false;
  const holds = (node: Node | null) => node?.textContent?.includes(text) ?? false;
  const note = (records: MutationRecord[]) => {
    for (const record of records) {
      const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes];
      if (nodes.some(holds)) seen = true;
    }
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  watching.add(observer);
  return {
    get seen() {
      // Changes not yet handed to the callback count too.
      note(observer.takeRecords());
      return seen;
    },
  };
}
