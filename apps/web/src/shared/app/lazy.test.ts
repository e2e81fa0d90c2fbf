import { describe, expect, it, vi } from 'vitest';
import { chunkLoadTimeoutMs, importWithTimeout, isChunkLoadError } from './lazy';

describe('importWithTimeout', () => {
  it('rejects with a ChunkLoadError after 120,000 ms', async () => {
    vi.useFakeTimers();
    try {
      const pending = importWithTimeout(() => new Promise<never>(() => undefined));
      const caught = pending.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs);
      const error = await caught;
      expect(isChunkLoadError(error)).toBe(true);
      expect((error as Error).name).toBe('ChunkLoadError');
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a failed dynamic import into a ChunkLoadError and passes a module through', async () => {
    const failed = await importWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((error: unknown) => error);
    expect(isChunkLoadError(failed)).toBe(true);
    await expect(importWithTimeout(() => Promise.resolve({ value: 1 }))).resolves.toEqual({ value: 1 });
  });
});
