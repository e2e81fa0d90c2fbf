import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Args = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made when the request first writes a line at a level that is on. Fastify gives
 * every request a pino child bound to its id; making one (its bindings serialised through the
 * redaction) cost about 5 µs a request, a twentieth of a cached answer's time (issue 16), for
 * requests that mostly log nothing at the `warn` level. The lines it writes are the child's own.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  private write(level: Level, args: Args): void {
    // pino's methods for a level that is off are one shared no-op: nothing to make a child for.
    if (this.parent[level] === this.parent.silent) return;
    (this.made()[level] as (...line: Args) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(value: string) {
    this.made().level = value;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  fatal(...args: Args): void {
    this.write('fatal', args);
  }
  error(...args: Args): void {
    this.write('error', args);
  }
  warn(...args: Args): void {
    this.write('warn', args);
  }
  info(...args: Args): void {
    this.write('info', args);
  }
  debug(...args: Args): void {
    this.write('debug', args);
  }
  trace(...args: Args): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/** Fastify's `childLoggerFactory`: options of a route's own (a log level) get a child at once. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyRequestLogger(logger, bindings) as unknown as FastifyBaseLogger;
}

/** A URL as the logs keep it: its path only, as a query may hold a search term or a postcode. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
