import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LogFn } from 'pino';

/**
 * Fastify gives every request a child logger bound to its id. Making a pino child (its bindings serialised and
 * redacted) costs a cached read more than the rest of its logging, and most requests never write a line now
 * that successful reads are sampled: this one makes the child at the request's first line, with the same
 * bindings and options, and hands every call to it. A class, so a request costs one small object.
 */
class LazyRequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.logger.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  fatal(...args: Parameters<LogFn>): void {
    this.logger.fatal(...args);
  }

  error(...args: Parameters<LogFn>): void {
    this.logger.error(...args);
  }

  warn(...args: Parameters<LogFn>): void {
    this.logger.warn(...args);
  }

  info(...args: Parameters<LogFn>): void {
    this.logger.info(...args);
  }

  debug(...args: Parameters<LogFn>): void {
    this.logger.debug(...args);
  }

  trace(...args: Parameters<LogFn>): void {
    this.logger.trace(...args);
  }

  silent(): void {}
}

/** Fastify's childLoggerFactory: a request's logger, made when it first writes. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options);
}
