/** Webhook delivery against a local HTTP server: success, retryable failures, drops, timeout, no redirects. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../src/config.ts';
import { deliverWebhook } from '../../src/webhooks/deliver.ts';
import { discordBody } from '../../src/webhooks/payload.ts';
import { webhookUrlProblem } from '../../src/webhooks/url.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

let tdb: TestDatabase;
let server: Server;
let base = '';
const received: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: body ? JSON.parse(body) : null });
      if (req.url === '/ok') res.writeHead(204).end();
      else if (req.url === '/fail') res.writeHead(503).end();
      else if (req.url === '/gone') res.writeHead(404).end();
      else if (req.url === '/redirect') res.writeHead(302, { location: `${base}/ok` }).end();
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 3000);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await tdb.db.game.create({
    data: {
      id: 'hookgame',
      name: 'Hooks',
      game: 'toy',
      rulesVersion: '1',
      mode: 'mail',
      options: {},
      seedSecret: 's',
      seedCommitment: 'c',
      moderatorTokenHash: 'h',
    },
  });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await tdb.drop();
});

const deps = () => ({
  db: tdb.db,
  log: pino({ level: 'silent' }),
  config: testConfig({ WEBHOOK_ALLOW_PRIVATE: true, WEBHOOK_TIMEOUT_MS: 500 }),
});
async function hook(path: string): Promise<string> {
  const h = await tdb.db.webhook.create({ data: { gameId: 'hookgame', url: `${base}${path}` } });
  return h.id;
}
const body = discordBody({
  event: 'missed',
  gameName: 'Hooks',
  title: 'Missed deadline at step 3: b',
  description: 'x'.repeat(5000),
  at: new Date('2026-03-02T00:00:00Z'),
});

describe('webhook delivery', () => {
  test('a 2xx delivers the Discord-compatible body', async () => {
    expect(await deliverWebhook(deps(), { webhookId: await hook('/ok'), eventKey: 'k1', body })).toBe('delivered');
    const got = received.find((r) => r.path === '/ok')?.body as {
      content: string;
      embeds: { description: string; color: number }[];
    };
    expect(got.content).toBe('[Hooks] Missed deadline at step 3: b');
    expect(got.embeds[0].description.length).toBe(4096);
  });

  test('5xx and timeouts throw (the queue retries); 4xx drops; a redirect is not followed', async () => {
    await expect(deliverWebhook(deps(), { webhookId: await hook('/fail'), eventKey: 'k2', body })).rejects.toThrow(
      /503/,
    );
    const started = Date.now();
    await expect(deliverWebhook(deps(), { webhookId: await hook('/slow'), eventKey: 'k3', body })).rejects.toThrow(
      /timed out/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await deliverWebhook(deps(), { webhookId: await hook('/gone'), eventKey: 'k4', body })).toBe('dropped');
    const okBefore = received.filter((r) => r.path === '/ok').length;
    expect(await deliverWebhook(deps(), { webhookId: await hook('/redirect'), eventKey: 'k5', body })).toBe('dropped');
    expect(received.filter((r) => r.path === '/ok').length).toBe(okBefore);
  });

  test('a removed hook or a private address (when not allowed) is never called', async () => {
    expect(await deliverWebhook(deps(), { webhookId: 'no-such-hook', eventKey: 'k6', body })).toBe('dropped');
    const id = await hook('/ok');
    const count = received.length;
    expect(
      await deliverWebhook(
        { ...deps(), config: testConfig({ WEBHOOK_ALLOW_PRIVATE: false }) },
        { webhookId: id, eventKey: 'k7', body },
      ),
    ).toBe('dropped');
    expect(received.length).toBe(count);
  });

  test.each([
    ['https://discord.com/api/webhooks/1/abc', null],
    ['http://10.1.2.3/x', 'loopback and private addresses are not allowed'],
    ['http://localhost:8080/x', 'loopback and private addresses are not allowed'],
    ['http://[::1]/x', 'loopback and private addresses are not allowed'],
    ['https://user:pw@example.org/x', 'no credentials in the URL'],
    ['ftp://example.org/x', 'only http and https URLs'],
  ])('URL %s -> %s', (url, problem) => expect(webhookUrlProblem(url, false)).toBe(problem));
});
