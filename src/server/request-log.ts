/**
 * The request's logger for every line a request causes. Services log through `deps.log` ("game created", "step
 * resolved", a mail refused); within a request that logger is the request's child logger, so each of those lines
 * carries the request's `reqId` like fastify's own lines do. The request's logger travels in an AsyncLocalStorage
 * entered before the route's guards and handler run (src/server/plugins/context.ts): services take no logger
 * argument and stay unaware of HTTP; outside a request (workers, recovery, tools) `deps.log` is the process's logger.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

const current = new AsyncLocalStorage<Logger>();

/** Runs `fn` (and everything it starts) with `log` as the logger of the services it calls. */
export function runWithRequestLog<T>(log: Logger, fn: () => T): T {
  return current.run(log, fn);
}

/**
 * A logger that writes through the logger of the request in progress, or through `base` outside any request.
 * Every property is read from that logger at the moment of use, methods bound to it, so `child()`, `level` and
 * `isLevelEnabled()` behave as the request's own logger's.
 */
export function requestScopedLogger(base: Logger): Logger {
  return new Proxy(base, {
    get(target, property) {
      const log = current.getStore() ?? target;
      const value = Reflect.get(log, property, log);
      return typeof value === 'function' ? value.bind(log) : value;
    },
  });
}
