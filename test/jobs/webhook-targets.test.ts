/**
 * Where a webhook may go. At creation its URL is judged by its spelling (a clear 400 with the reason); at delivery
 * its host is resolved, every address is checked, and the connection goes to exactly the address checked. The names
 * here are resolved by a resolver of the test's own: no query leaves the machine (the system resolver is stubbed to
 * fail, and must never be asked), and nothing connects outside 127.0.0.0/8.
 */
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, isIP, type Socket } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toyGame } from '../../src/games/toy/index.ts';
import { defaultNetwork, deliverWebhook, type WebhookNetwork } from '../../src/webhooks/deliver.ts';
import { discordBody } from '../../src/webhooks/payload.ts';
import { webhookUrlProblem } from '../../src/webhooks/url.ts';
import { createGameVia, toyPayload } from '../support/api-helpers.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';

const systemLookup = dns.lookup;
const systemLookups: string[] = [];

/** A local server on `host` recording the local address of each connection and the path of each request. */
async function listen(host: string) {
  const connections: string[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  server.on('connection', (socket: Socket) => connections.push(socket.localAddress ?? ''));
  await new Promise<void>((r) => server.listen(0, host, r));
  return { server, connections, paths, port: (server.address() as AddressInfo).port };
}

let t: TestApp;
let local: Awaited<ReturnType<typeof listen>>;
let other: Awaited<ReturnType<typeof listen>>;
let gameId = '';
beforeAll(async () => {
  // The system resolver is never to be asked here: it would send the test's names to the network's DNS server.
  // Addresses and localhost (the database's connections) are looked up locally and pass through.
  (dns as { lookup: unknown }).lookup = (hostname: string, ...rest: unknown[]) => {
    if (isIP(hostname) || hostname === 'localhost')
      return (systemLookup as (...a: unknown[]) => void)(hostname, ...rest);
    systemLookups.push(hostname);
    const callback = rest[rest.length - 1] as (error: Error) => void;
    const error = Object.assign(new Error(`no system lookup in tests: ${hostname}`), { code: 'EAI_FAIL' });
    process.nextTick(() => callback(error));
  };
  t = await buildTestApp({ games: [toyGame], config: { WEBHOOK_ALLOW_PRIVATE: false } });
  gameId = (await createGameVia(t, toyPayload())).id;
  local = await listen('127.0.0.1');
  other = await listen('127.0.0.2');
});
afterAll(async () => {
  dns.lookup = systemLookup;
  for (const s of [local, other]) {
    s?.server.closeAllConnections();
    await new Promise((r) => s?.server.close(r));
  }
  await t?.close();
});

const body = discordBody({ event: 'result', gameName: 'Hooks', title: 'Step 2', description: 'done', at: new Date() });
const deps = () => ({
  db: t.db,
  log: pino({ level: 'silent' }),
  config: { ...t.deps.config, WEBHOOK_TIMEOUT_MS: 2000 },
});
let jobs = 0;
async function deliver(url: string, network?: WebhookNetwork) {
  const hook = await t.db.webhook.create({ data: { gameId, url } });
  return deliverWebhook(deps(), { webhookId: hook.id, eventKey: `k${++jobs}`, body }, network);
}

/** A resolver answering these addresses for any name, and counting its calls. */
function resolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const addresses = answers[Math.min(calls.length, answers.length) - 1];
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('at creation: a clear 400 with the reason', () => {
  it.each([
    ['http://localhost.:3309/x', 'loopback and private addresses are not allowed'],
    ['http://LOCALHOST/x', 'loopback and private addresses are not allowed'],
    ['http://app.localhost/x', 'loopback and private addresses are not allowed'],
    ['http://127.0.0.1.nip.io/x', 'loopback and private addresses are not allowed'],
    ['http://hook.10-0-0-1.sslip.io/x', 'loopback and private addresses are not allowed'],
    ['http://7f000001.nip.io/x', 'loopback and private addresses are not allowed'],
    ['http://2130706433/x', 'loopback and private addresses are not allowed'],
    ['http://0x7f.1/x', 'loopback and private addresses are not allowed'],
    ['http://[::ffff:127.0.0.1]/x', 'loopback and private addresses are not allowed'],
    ['http://[::ffff:10.0.0.1]/x', 'loopback and private addresses are not allowed'],
    ['http://[fd00::1]/x', 'loopback and private addresses are not allowed'],
    ['http://100.64.1.1/x', 'loopback and private addresses are not allowed'],
    [
      'http://169.254.169.254/latest/meta-data',
      'link-local, multicast, unspecified and reserved addresses are never allowed',
    ],
    ['http://169.254.169.254.nip.io/x', 'link-local, multicast, unspecified and reserved addresses are never allowed'],
    ['http://[fe80::1]/x', 'link-local, multicast, unspecified and reserved addresses are never allowed'],
    ['http://0.0.0.0:3000/x', 'link-local, multicast, unspecified and reserved addresses are never allowed'],
    ['http://[::]/x', 'link-local, multicast, unspecified and reserved addresses are never allowed'],
    ['http://224.0.0.1/x', 'link-local, multicast, unspecified and reserved addresses are never allowed'],
    ['http://metadata/computeMetadata', 'a host name without a domain (a local name) is not allowed'],
    ['https://discord.com/api/webhooks/1/abc', null],
    ['https://hooks.example.com./x', null],
    ['http://93.184.215.14/x', null],
  ])('%s -> %s', (url, problem) => expect(webhookUrlProblem(url, false)).toBe(problem));

  it('link-local addresses stay refused when private ones are allowed', () => {
    expect(webhookUrlProblem('http://127.0.0.1:3000/x', true)).toBeNull();
    expect(webhookUrlProblem('http://[fd00::1]/x', true)).toBeNull();
    expect(webhookUrlProblem('http://169.254.169.254/x', true)).toMatch(/never allowed/);
  });

  it('the API answers 400 webhook/url naming the reason', async () => {
    const g = await createGameVia(t, toyPayload());
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/games/${g.id}/webhooks`,
      headers: g.moderator,
      payload: { url: 'http://localhost.:3309/hook' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'webhook/url',
      message: 'webhook URL refused: loopback and private addresses are not allowed',
    });
  });
});

describe('at delivery: the resolved address is checked', () => {
  it.each([['127.0.0.1'], ['::ffff:127.0.0.1'], ['169.254.169.254'], ['fd00::1'], ['::ffff:a9fe:a9fe'], ['::1']])(
    'a name resolving to %s is refused, and nothing is sent',
    async (address) => {
      const { resolve, calls } = resolver([address]);
      const network = { ...defaultNetwork(false), resolve };
      expect(await deliver(`http://hook.example.com:${local.port}/ok`, network)).toBe('dropped');
      expect(calls).toEqual(['hook.example.com']);
      expect(local.paths).toEqual([]);
    },
  );

  it('a name with any refused address among its answers is refused', async () => {
    const { resolve } = resolver(['93.184.215.14', '127.0.0.1']);
    expect(await deliver(`http://hook.example.com:${local.port}/ok`, { ...defaultNetwork(false), resolve })).toBe(
      'dropped',
    );
    expect(local.paths).toEqual([]);
  });

  it('an address literal is judged by the same check (it is connected to without a lookup)', async () => {
    const { resolve, calls } = resolver(['127.0.0.1']);
    const refuseAll = () => 'refused';
    const allowed = { ...deps(), config: { ...deps().config, WEBHOOK_ALLOW_PRIVATE: true } };
    const hook = await t.db.webhook.create({ data: { gameId, url: `http://127.0.0.1:${local.port}/ok` } });
    const outcome = await deliverWebhook(
      allowed,
      { webhookId: hook.id, eventKey: 'literal', body },
      { resolve, refuse: refuseAll },
    );
    expect(outcome).toBe('dropped');
    expect(calls).toEqual([]);
    expect(local.paths).toEqual([]);
  });

  it('the connection goes to exactly the address checked: a second answer (DNS rebinding) is never asked for', async () => {
    // The check allows 127.0.0.2 only; the name answers 127.0.0.2 once, then 127.0.0.1.
    const { resolve, calls } = resolver(['127.0.0.2'], ['127.0.0.1']);
    const network = { resolve, refuse: (a: string) => (a === '127.0.0.2' ? null : 'not the test address') };
    expect(await deliver(`http://rebinding.example.com:${other.port}/pinned`, network)).toBe('delivered');
    expect(calls).toEqual(['rebinding.example.com']);
    expect(other.connections).toEqual(['127.0.0.2']);
    expect(other.paths).toEqual(['/pinned']);
    expect(local.paths).toEqual([]);
  });

  it('asked nothing of the system resolver', () => {
    expect(systemLookups).toEqual([]);
  });
});
