/**
 * GET /metrics: the operator's Prometheus figures, read from the database: the outbox backlog and failed mails,
 * overdue steps, resolution latency, orders by channel, queued jobs. Each figure is checked against the rows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, bearerOf, type TestApp } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

it('is for the operator only', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  const seatless = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearerOf('not-the-operator') });
  expect(seatless.statusCode).toBe(401);
});

it('counts mails, overdue steps, resolutions and orders as the database holds them', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/games',
    headers: t.adminAuth,
    payload: {
      game: 'toy',
      mode: 'mail',
      options: { rounds: 3 },
      seats: [
        { side: 'a', email: 'a@example.org' },
        { side: 'b', email: 'b@example.org', locale: 'ja' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const g = created.json() as { id: string; seats: { token: string }[] };
  for (const [i, seat] of g.seats.entries()) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/orders`,
      headers: bearerOf(seat.token),
      payload: { orders: { pick: i + 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  // One mail failed for good, and the open step's deadline passed an hour ago.
  const mail = await t.db.outbox.findFirstOrThrow({ where: { status: 'pending' } });
  await t.db.outbox.update({ where: { id: mail.id }, data: { status: 'failed' } });
  await t.db.step.updateMany({
    where: { gameId: g.id, status: 'open' },
    data: { deadlineAt: new Date(Date.now() - 3_600_000) },
  });

  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: t.adminAuth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = res.body;
  const pending = await t.db.outbox.count({ where: { status: 'pending' } });
  expect(pending).toBeGreaterThan(0);
  expect(sample(text, 'pbem_outbox_mails{status="pending"}')).toBe(pending);
  expect(sample(text, 'pbem_outbox_mails{status="failed"}')).toBe(1);
  expect(sample(text, 'pbem_steps_overdue')).toBe(1);
  expect(sample(text, 'pbem_steps_resolved_24h')).toBe(1);
  const latency = sample(text, 'pbem_step_resolution_seconds{quantile="1"}');
  expect(latency).toBeGreaterThanOrEqual(0);
  expect(latency).toBeLessThan(60);
  expect(sample(text, 'pbem_orders_received{channel="api"}')).toBe(2);
  expect(text).toContain('# TYPE pbem_jobs gauge');
  expect(sample(text, 'pbem_process_resident_memory_bytes')).toBeGreaterThan(0);
  // No game id, address or token in the figures.
  expect(text).not.toContain(g.id);
  expect(text).not.toContain('example.org');
});
