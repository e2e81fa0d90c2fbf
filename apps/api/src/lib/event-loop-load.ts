import { performance } from 'node:perf_hooks';

/**
 * Whether this process's event loop is saturated: for work it may skip under load (a page's first
 * view is rendered on the server only while there is time to spare: decision 027).
 *
 * A timer samples the loop's utilisation every `sampleMs` (as @fastify/under-pressure does). The
 * loop is busy when its utilisation over the last `windowMs` was over `maxUtilisation`, or when the
 * timer is late by more than `maxDelayMs`: the loop has been held since (a queue of renders, each a
 * chain of promises that does not yield to the timers). A burst shorter than that is served as it
 * comes.
 */
export interface EventLoopLoad {
  busy(): boolean;
  stop(): void;
}

export function watchEventLoopLoad({
  sampleMs = 100,
  windowMs = 1_000,
  maxUtilisation = 0.9,
  maxDelayMs = 300,
}: {
  sampleMs?: number;
  windowMs?: number;
  maxUtilisation?: number;
  maxDelayMs?: number;
} = {}): EventLoopLoad {
  const samples = Math.max(1, Math.round(windowMs / sampleMs));
  const marks = [performance.eventLoopUtilization()];
  let sampledAt = performance.now();
  let utilisation = 0;
  const timer = setInterval(() => {
    marks.push(performance.eventLoopUtilization());
    if (marks.length > samples + 1) marks.shift();
    utilisation = performance.eventLoopUtilization(marks[marks.length - 1], marks[0]).utilization;
    sampledAt = performance.now();
  }, sampleMs);
  // Never what keeps the process alive.
  timer.unref();
  return {
    busy: () => utilisation > maxUtilisation || performance.now() - sampledAt > sampleMs + maxDelayMs,
    stop: () => clearInterval(timer),
  };
}
