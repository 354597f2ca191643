/**
 * GET /metrics: the Prometheus text format (prom-client), for the operator (Bearer ADMIN_TOKEN: Prometheus sends
 * it with `authorization: { credentials: ... }`). The service figures are read from the database at each scrape
 * (src/services/metrics.ts), so any API process reports the whole service; this process's own runtime figures
 * (memory, event-loop lag, CPU) come with them.
 */
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { readServiceFigures, type ServiceFigures } from '../../services/metrics.ts';
import { operatorOnly } from '../plugins/auth.ts';

/** A registry of this app's metrics; `read` is called once per scrape and its figures shared by every gauge. */
export function serviceMetrics(read: () => Promise<ServiceFigures>): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'pbem_' });
  let scrape: Promise<ServiceFigures> | null = null;
  // Every gauge's collect() runs in the same scrape: the first one starts the read, the others wait for it.
  const figures = () => {
    scrape ??= read().finally(() => setImmediate(() => (scrape = null)));
    return scrape;
  };
  const gauge = <L extends string>(
    name: string,
    help: string,
    labels: L[],
    fill: (g: Gauge<L>, f: ServiceFigures) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames: labels,
      registers: [register],
      async collect() {
        const f = await figures();
        this.reset();
        fill(this, f);
      },
    });
  gauge('pbem_outbox_mails', 'Outbound mails by status (pending and sending: the backlog).', ['status'], (g, f) => {
    for (const [status, n] of Object.entries(f.outbox)) g.set({ status }, n);
  });
  gauge('pbem_steps_overdue', 'Open steps whose deadline has passed.', [], (g, f) => g.set(f.stepsOverdue));
  gauge('pbem_steps_awaiting_review', 'Resolved steps waiting for the moderator.', [], (g, f) =>
    g.set(f.stepsAwaitingReview),
  );
  gauge('pbem_jobs', 'Background jobs waiting or running, by queue and state.', ['queue', 'state'], (g, f) => {
    for (const j of f.jobs) g.set({ queue: j.queue, state: j.state }, j.count);
  });
  gauge(
    'pbem_step_resolution_seconds',
    'Seconds from the moment a step could resolve to its resolution, steps resolved in the last 24 h.',
    ['quantile'],
    (g, f) => {
      g.set({ quantile: '0.5' }, f.resolutionSeconds.p50);
      g.set({ quantile: '0.95' }, f.resolutionSeconds.p95);
      g.set({ quantile: '1' }, f.resolutionSeconds.max);
    },
  );
  gauge('pbem_steps_resolved_24h', 'Steps resolved in the last 24 h.', [], (g, f) => g.set(f.resolutionSeconds.count));
  gauge('pbem_orders_received', 'Orders received since the start of the service, by channel.', ['channel'], (g, f) => {
    for (const [channel, n] of Object.entries(f.ordersByChannel)) g.set({ channel }, n);
  });
  return register;
}

export default async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const register = serviceMetrics(() => readServiceFigures(app.deps));
  app.get('/metrics', { preValidation: operatorOnly, schema: { hide: true } }, async (_request, reply) => {
    const text = await register.metrics();
    return reply.type(register.contentType).send(text);
  });
}
