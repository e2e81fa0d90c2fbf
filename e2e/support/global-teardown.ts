import { rmSync } from 'node:fs';

/** Removes the run's temporary database and mail folders (kept when E2E_KEEP_TMP=1, for debugging). */
export default function globalTeardown(): void {
  const root = process.env.E2E_TMP_DIR;
  if (!root || process.env.E2E_KEEP_TMP === '1') return;
  rmSync(root, { recursive: true, force: true });
}
