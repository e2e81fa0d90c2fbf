import { expect, it, vi } from 'vitest';
import { intervalJob } from './interval-job';

it('a job with a first run sooner than its interval runs then, then on its interval', async () => {
  vi.useFakeTimers();
  try {
    const runs: number[] = [];
    const job = intervalJob({
      name: 'soon',
      everySeconds: 3600,
      firstAfterSeconds: 60,
      run: async () => {
        runs.push(Date.now());
      },
      log: { error: () => {}, info: () => {} },
    });
    const started = Date.now();
    job.start();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toEqual([started + 60_000]);
    await vi.advanceTimersByTimeAsync(3_600_000 - 60_000);
    expect(runs).toEqual([started + 60_000, started + 3_600_000]);
    await job.stop();
  } finally {
    vi.useRealTimers();
  }
});
