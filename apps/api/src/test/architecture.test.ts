import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const check = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/check-architecture.mjs'), ...args], {
    encoding: 'utf8',
  });

describe('the house plan check', () => {
  it('fails on a cycle between API modules, a repository read from another module and a feature importing a feature', () => {
    const broken = path.join(repoRoot, 'apps/api/src/test/architecture-fixtures/broken');
    const run = check('--root', broken, 'apps');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('api-module-cycle: basket, waitlist');
    expect(run.stderr).toContain(
      'repository-outside-its-module: apps/api/src/modules/basket/basket-waitlist.ts -> apps/api/src/modules/waitlist/waitlist.repository.ts',
    );
    expect(run.stderr).toContain(
      'feature-imports-feature: apps/web/src/features/basket/basket-page.ts -> apps/web/src/features/auth/login-modal.ts',
    );
  });
});
