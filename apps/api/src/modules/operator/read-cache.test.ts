import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('answers from the cache until the time-to-live has passed', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadCache<number>({ ttlMs: 100, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 99;
    expect(await cache.get('a', load)).toBe(1);
    now = 100;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0;
    const cache = new ReadCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const load = async () => {
      loads++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'theme';
    };
    const answers = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(answers).toEqual(['theme', 'theme', 'theme']);
    expect(loads).toBe(1);
  });

  it('never keeps a failed load', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('unknown', async () => Promise.reject(new Error('not found')))).rejects.toThrow(
      'not found',
    );
    await Promise.resolve();
    expect(cache.size).toBe(0);
    expect(await cache.get('unknown', async () => 'found later')).toBe('found later');
  });

  it('drops the oldest entry beyond its size', async () => {
    const cache = new ReadCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
