/**
 * The fastify application as a builder (no listen): settings, logging, request ids, the error handler, the input
 * guard, OpenAPI at /docs, then the feature plugins in order. main.ts listens; tests call `app.inject`.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { ServiceDeps } from '../services/deps.ts';
import contextPlugin from './plugins/context.ts';
import errorsPlugin, { sendError } from './plugins/errors.ts';
import inputGuard from './plugins/input-guard.ts';
import { registerOpenApi } from './openapi/document.ts';
import gameRoutes from './routes/api/games.ts';
import practiceApiRoutes from './routes/api/practice.ts';
import moderationRoutes from './routes/api/moderation.ts';
import botSeatRoutes from './routes/api/bot-seats.ts';
import orderRoutes from './routes/api/orders.ts';
import rulesUpgradeRoutes from './routes/api/rules-upgrade.ts';
import healthRoutes from './routes/health.ts';
import metricsRoutes from './routes/metrics.ts';
import deadlineRoutes from './routes/deadlines/index.ts';
import mailRoutes from './routes/mail/index.ts';
import webRoutes from './routes/web/index.ts';

/**
 * The feature plugins, registered in this order after the core (context, errors, OpenAPI). Each receives the app
 * with `app.deps`. Other features add one line each here (web pages, mail intake, ...).
 */
export const featurePlugins: { name: string; plugin: FastifyPluginAsync }[] = [
  { name: 'health', plugin: healthRoutes },
  { name: 'metrics', plugin: metricsRoutes },
  { name: 'api/games', plugin: gameRoutes },
  { name: 'api/practice-games', plugin: practiceApiRoutes },
  { name: 'api/orders', plugin: orderRoutes },
  { name: 'api/moderation', plugin: moderationRoutes },
  { name: 'api/bot-seats', plugin: botSeatRoutes },
  { name: 'api/rules-upgrade', plugin: rulesUpgradeRoutes },
  { name: 'web', plugin: webRoutes },
  { name: 'deadlines', plugin: deadlineRoutes }, // absences, deadline moves, punctuality, webhooks, calendar feeds
  { name: 'mail', plugin: mailRoutes },
];

/** Options of the builder. */
export interface BuildAppOptions {
  deps: ServiceDeps;
  /** Extra plugins registered after the feature plugins (tests). */
  extraPlugins?: FastifyPluginAsync[];
}

/**
 * fastify's `trustProxy` from the TRUST_PROXY setting: X-Forwarded-For is believed only from the proxies it names,
 * and every per-client rate limit keys on the address it gives. A hop count trusts that many hops nearest the
 * service whoever they are (fastify itself ignores a bare number): the port must then be reachable only through
 * the proxy.
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Builds the app (ready, not listening). */
export async function buildApp({ deps, extraPlugins = [] }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: deps.config.BODY_LIMIT,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false } },
    // A URL that cannot be decoded (e.g. a lone surrogate's bytes) is answered before routing: in the same body.
    frameworkErrors: (error, request, reply) => sendError(reply, request, 400, 'request/bad-url', error.message),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(contextPlugin, { deps });
  await app.register(errorsPlugin);
  await app.register(inputGuard); // JSON depth and size, NUL and lone surrogates: before any route's work
  if (deps.config.RATE_LIMIT_PER_MINUTE > 0) {
    await app.register(rateLimit, { max: deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
  }
  await registerOpenApi(app as unknown as FastifyInstance); // before the routes: it adds the standard error statuses to each as it is declared

  for (const { plugin } of featurePlugins) await app.register(plugin);
  for (const plugin of extraPlugins) await app.register(plugin);
  await app.ready();
  return app as unknown as FastifyInstance;
}
