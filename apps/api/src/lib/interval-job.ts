import type { FastifyBaseLogger } from 'fastify';

/**
 * A periodic job on each replica (docs/decisions/013-module-layers.md). Every job's run claims its
 * rows in the database (FOR UPDATE SKIP LOCKED, or a conditional update), so replicas running the
 * same job at once never do one piece of work twice; here, a tick that finds the previous run still
 * going is skipped, and `stop` waits for the run in progress.
 */
export interface IntervalJob<R> {
  readonly name: string;
  /** One run now, outside the timer (tests, the staff tool). */
  runOnce(now?: Date): Promise<R>;
  /** Starts the timer; does nothing when the job is off (`everySeconds` 0) or already started. */
  start(): void;
  stop(): Promise<void>;
}

export interface IntervalJobOptions<R> {
  name: string;
  /** 0 turns the job off (as tests do). */
  everySeconds: number;
  /** The first run this long after `start` when sooner than `everySeconds` (a job that matters at start). */
  firstAfterSeconds?: number;
  run(now: Date): Promise<R>;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** What to log after a run that changed something; undefined when there is nothing to say. */
  report?(result: R): Record<string, unknown> | undefined;
}

export function intervalJob<R>(options: IntervalJobOptions<R>): IntervalJob<R> {
  const { name, everySeconds, firstAfterSeconds, run, log, report } = options;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    running = run(new Date())
      .then((result) => {
        const said = report?.(result);
        if (said) log.info(said, `${name} ran`);
      })
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    name,
    runOnce: (now = new Date()) => run(now),
    start() {
      if (everySeconds === 0 || timer) return;
      timer = setInterval(tick, everySeconds * 1000);
      timer.unref();
      if (firstAfterSeconds !== undefined && firstAfterSeconds < everySeconds) {
        first = setTimeout(tick, firstAfterSeconds * 1000);
        first.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = undefined;
      first = undefined;
      await running;
    },
  };
}
