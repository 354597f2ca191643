/**
 * Decorates the app with the service dependencies (`app.deps`: database, logger, settings, clock, games), gives
 * every response the request id in `x-request-id` (taken from the client's header when it is sane), and makes the
 * request's logger (with its `reqId`) the services' `deps.log` for the whole of the request (src/server/request-log.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServiceDeps } from '../../services/deps.ts';
import { requestScopedLogger, runWithRequestLog } from '../request-log.ts';
import { global } from './global.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service call takes first. */
    deps: ServiceDeps;
  }
}

async function contextPlugin(app: FastifyInstance, opts: { deps: ServiceDeps }): Promise<void> {
  app.decorate('deps', { ...opts.deps, log: requestScopedLogger(opts.deps.log) });
  // The app's logger is the deps' pino logger (app.ts: loggerInstance), so a request's logger is a pino child of it.
  // preValidation, not onRequest: a body is parsed in the request stream's own async context, which would lose the
  // store; from here on the guards (the routes' own preValidation hooks, which run after this one), the handler and
  // whatever they start run inside it.
  app.addHook('preValidation', (request, _reply, done) => runWithRequestLog(request.log as Logger, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** Registers `app.deps` and the request-id header. */
export default global(contextPlugin, 'context');
