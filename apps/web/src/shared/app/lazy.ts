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
 * A module's loader. In a route definition the web build names the module it loads
 * (`source`, e.g. 'src/sites/bookings/screens/venue-page.tsx'; build/site-pages.ts), so the page
 * manifest can say which chunks each route opens.
 */
export type ModuleLoader<M> = (() => Promise<M>) & { source?: string };

/**
 * React.lazy for a named export with the chunk timeout:
 * `const Basket = lazyWithTimeout(() => import('./basket-page'), 'BasketPage')`. The component
 * carries its loader's `source` (in route definitions: the module it loads).
 */
export function lazyWithTimeout<M, K extends keyof M>(
  load: ModuleLoader<M>,
  name: K,
  timeoutMs = chunkLoadTimeoutMs,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> & { source?: string } {
  const component = lazy(async () => {
    const module = await importWithTimeout(load, timeoutMs);
    return { default: module[name] as M[K] extends ComponentType<infer P> ? ComponentType<P> : never };
  });
  return load.source ? Object.assign(component, { source: load.source }) : component;
}
