import type { Config } from '../../config';

/**
 * A small in-process read cache with a time-to-live, for operator configuration that every page
 * load asks for (the theme). It is a cache only: every replica can rebuild it from the database,
 * so nothing here is state another replica would need (docs/decisions/003-theme-cache.md).
 *
 * It stores the promise of a value, so concurrent misses for one key share one load; a load that
 * fails is forgotten, so errors (an unknown venue) are never cached.
 */
export interface ReadCacheOptions {
  ttlMs: number;
  /** Oldest entries are dropped beyond this, so odd keys cannot grow memory without bound. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
}

export class ReadCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: ReadCacheOptions) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The cached value for `key`, or the result of `load` (then kept for the time-to-live). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value;

    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: now + this.#ttlMs });
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  /** Forgets one key (its next `get` loads again). */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * One cache per settings object (each app in a process) whose entries live OPERATOR_CACHE_MS: for
 * operator rows nearly every call reads and staff change a few times a year. Answers the value for
 * `key`, kept, or loaded each time when OPERATOR_CACHE_MS is 0.
 */
export function perSettingsKept<V>(
  maxEntries: number,
): (config: Config, key: string, load: () => Promise<V>) => Promise<V> {
  const caches = new WeakMap<Config, ReadCache<V>>();
  return (config, key, load) => {
    if (config.operatorCacheMs <= 0) return load();
    let cache = caches.get(config);
    if (!cache) {
      cache = new ReadCache<V>({ ttlMs: config.operatorCacheMs, maxEntries });
      caches.set(config, cache);
      keptOf(config).add(cache as ReadCache<unknown>);
    }
    return cache.get(key, load);
  };
}

/** Every kept cache of one settings object (one app), so a settings change can empty them all. */
const keptCaches = new WeakMap<Config, Set<ReadCache<unknown>>>();

function keptOf(config: Config): Set<ReadCache<unknown>> {
  let set = keptCaches.get(config);
  if (!set) {
    set = new Set();
    keptCaches.set(config, set);
  }
  return set;
}

/** Empties every kept operator read of this app (its settings version moved: issue 47). */
export function forgetKept(config: Config): void {
  for (const cache of keptCaches.get(config) ?? []) cache.clear();
}
