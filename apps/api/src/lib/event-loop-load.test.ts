import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EventLoopLoad, watchEventLoopLoad } from './event-loop-load';

/** Work that holds the event loop for `ms`, as a queue of server renders does. */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs on the loop
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('watchEventLoopLoad (whether the process has time to spare)', () => {
  let load: EventLoopLoad | undefined;
  afterEach(() => load?.stop());

  it('is not busy while the loop is free', () => {
    load = watchEventLoopLoad();
    expect(load.busy()).toBe(false);
  });

  it('is busy at once when the loop has been held past the delay allowed', () => {
    load = watchEventLoopLoad({ sampleMs: 20, maxDelayMs: 100 });
    holdLoop(200);
    expect(load.busy()).toBe(true);
  });

  it('is busy while the loop is kept working, and free again once the work stops', async () => {
    // Work in short turns, so the sampling timer runs between them: the utilisation decides.
    load = watchEventLoopLoad({ sampleMs: 10, windowMs: 50, maxUtilisation: 0.8, maxDelayMs: 10_000 });
    const until = performance.now() + 300;
    while (performance.now() < until) {
      holdLoop(5);
      await nextTurn();
    }
    expect(load.busy()).toBe(true);
    const watched = load;
    await vi.waitFor(() => expect(watched.busy()).toBe(false), { timeout: 2_000, interval: 20 });
  });
});
