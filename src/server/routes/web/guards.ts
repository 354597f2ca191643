/** Shared checks of the web routes: the CSRF token of a form post (against the session's secret). */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The CSRF plugin's check as a hook function (its declared type is fastify's hook union). */
type CsrfHook = (
  this: FastifyInstance,
  request: FastifyRequest,
  reply: { send(error: Error): void },
  done: (err?: Error) => void,
) => void;

/**
 * Resolves when the request's `_csrf` field matches its session's secret; otherwise rejects with the plugin's 403
 * error (rendered by the web error handler). The plugin reports a failure through `reply.send(error)`, which is
 * turned into a rejection here so that the route stops.
 */
export function checkCsrf(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const reporter = { send: (error: Error) => reject(error) };
    // The plugin's hook, called as a hook is: with the app, the request, something that sends, and `done`.
    const hook = app.csrfProtection as unknown as CsrfHook;
    hook.call(app, request, reporter, (err?: Error) => (err ? reject(err) : resolve()));
  });
}
