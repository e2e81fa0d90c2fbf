import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basketLineKinds } from '@leisure/contract/cart';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, '../../..');

/** The one-statement paths' SQL: their repository and the migrations' functions they call. */
const sources = {
  'basket/one-statement.repository.ts': readFileSync(path.join(here, 'one-statement.repository.ts'), 'utf8'),
  'migration 0043 (basket_unchanged)': readFileSync(
    path.join(apiRoot, 'drizzle/0043_basket_unchanged.sql'),
    'utf8',
  ),
};

/**
 * The one-statement paths decide nothing (decision 069): no kind of basket line, no payment
 * attempt status and no claim rule is written in their statements. The kinds come from the
 * registry as parameters, the claim's life from holds.service as an instant.
 */
describe('the one-statement paths restate no rule', () => {
  for (const [name, text] of Object.entries(sources)) {
    it(`${name} names no line kind, attempt status or claim rule`, () => {
      // The statements' text: template literals in the repository, the whole migration.
      const uncommented = text.replace(/^\s*(\/\/|\*|--).*$/gm, '');
      const code = name.endsWith('.ts') ? (uncommented.match(/`[^`]*`/g) ?? []).join('\n') : uncommented;
      const kinds = basketLineKinds.filter((kind) => code.includes(`'${kind}'`));
      expect(kinds, 'kinds of line named in the statements').toEqual([]);
      for (const status of ['started', 'charged', 'refunding'])
        expect(code, `attempt status '${status}'`).not.toMatch(
          new RegExp(`status\\s*(in|=)[^;]*'${status}'`, 'i'),
        );
      expect(code, 'a claim test other than claimRunOutBy').not.toMatch(
        /checkout_claim\s+is\s+(not\s+)?null/i,
      );
    });
  }
});
