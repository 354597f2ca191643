/**
 * Decorates the app with the service dependencies (`app.deps`: database, logger, settings, clock, games) and
 * gives every response the request id in `x-request-id` (taken from the client's header when it is sane).
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../services/deps.ts';
import { global } from './global.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every service call takes first. */
    deps: ServiceDeps;
  }
}

async function contextPlugin(app: FastifyInstance, opts: { deps: ServiceDeps }): Promise<void> {
  app.decorate('deps', opts.deps);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}

/** Registers `app.deps` and the request-id header. */
export default global(contextPlugin, 'context');
