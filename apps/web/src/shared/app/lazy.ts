import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The spec's chunk load timeout (shell-session-basket.md 9). */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Loads a module, failing with a ChunkLoadError when it does not arrive within the timeout or the
 * browser cannot fetch it (a deploy replaced the chunk, the network dropped).
 */
export function importWithTimeout<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`A script did not load within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  const loading = load().catch((error: unknown) => {
    throw new ChunkLoadError(error instanceof Error ? error.message : 'A script failed to load', {
      cause: error,
    });
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/**
 * React.lazy for a named export with the chunk timeout:
 * `const Basket = lazyWithTimeout(() => import('./basket-page'), 'BasketPage')`.
 */
export function lazyWithTimeout<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  timeoutMs = chunkLoadTimeoutMs,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => {
    const module = await importWithTimeout(load, timeoutMs);
    return { default: module[name] as M[K] extends ComponentType<infer P> ? ComponentType<P> : never };
  });
}
