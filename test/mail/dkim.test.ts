/**
 * Every outgoing mail is DKIM-signed when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE are set: over SMTP (a
 * real server records what it receives) and in the .eml sink. The signatures are verified by mailauth, as a
 * receiving server would, against the public key published in a (local) DNS TXT record: they pass, and a mail
 * changed after signing fails. Without the settings mail goes unsigned; an incomplete set stops the start.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { composeRefusal } from '../../src/mail/compose-refusal.ts';
import { createSender, deliverDue } from '../../src/mail/delivery.ts';
import { queueMail } from '../../src/mail/outbox.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { createDeliveryDeps } from './deps.ts';
import { startRecorder, type Recorder } from './helpers.ts';

const DOMAIN = 'judge.test';
const SELECTOR = 'pbem2026';
const dir = mkdtempSync(join(tmpdir(), 'pbem-dkim-'));
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyFile = join(dir, 'dkim.pem');
writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
/** The TXT record an operator publishes (docs/email.md): the public key's DER, base64. */
const txtRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** A DNS that knows the selector's record and nothing else. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[txtRecord]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

/** The DKIM verdicts a receiving server gives a raw message. */
async function dkimResults(raw: Buffer) {
  const { dkim } = await authenticate(raw, {
    ip: '127.0.0.1',
    helo: 'localhost',
    sender: `judge@${DOMAIN}`,
    mta: 'mx.example.org',
    resolver,
    disableArc: true,
    disableDmarc: true,
    disableBimi: true,
  });
  return dkim.results.map((r) => ({ domain: r.signingDomain, selector: r.selector, result: r.status.result }));
}

const dkimSettings = { DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY_FILE: keyFile };
let t: TestApp;
let recorder: Recorder;
const now = new Date('2026-11-27T00:00:00Z');

beforeAll(async () => {
  recorder = await startRecorder();
  t = await buildTestApp({
    clock: () => now,
    config: { SMTP_URL: `smtp://127.0.0.1:${recorder.port}?tls=off`, MAIL_DOMAIN: DOMAIN, ...dkimSettings },
  });
});
afterAll(async () => {
  await recorder?.stop();
  await t?.close();
});

test('mail delivered over SMTP carries a DKIM signature that verifies, and fails once altered', async () => {
  await queueMail(t.db, t.deps.config, composeRefusal({ to: 'p1@example.org', reason: 'unreadable' }), now);
  const sender = createSender(t.deps.config);
  expect(
    await deliverDue(
      createDeliveryDeps(t.deps, () => now),
      sender,
    ),
  ).toMatchObject({ sent: 1 });
  sender.close();
  const [mail] = recorder.to('p1@example.org');
  expect(mail.parsed.headers.has('dkim-signature')).toBe(true);
  expect(await dkimResults(mail.raw)).toEqual([{ domain: DOMAIN, selector: SELECTOR, result: 'pass' }]);
  // A changed subject (a signed header), as a relay that rewrites mail would make it.
  const altered = Buffer.from(mail.raw.toString('utf8').replace(/^Subject: /m, 'Subject: [EXT] '));
  expect(altered.equals(mail.raw)).toBe(false);
  expect((await dkimResults(altered)).map((r) => r.result)).toEqual(['fail']);
});

test('mail written to the .eml sink is signed the same way', async () => {
  const sinkDir = mkdtempSync(join(dir, 'sink-'));
  const sender = createSender({ ...t.deps.config, SMTP_URL: undefined, MAIL_SINK_DIR: sinkDir });
  await sender.send(
    { from: `judge@${DOMAIN}`, to: 'p2@example.org', subject: 'Step 3: 結果', text: '結果です。\n' },
    'one',
  );
  sender.close();
  const [file] = readdirSync(sinkDir).filter((f) => f.endsWith('.eml'));
  expect(await dkimResults(readFileSync(join(sinkDir, file)))).toEqual([
    { domain: DOMAIN, selector: SELECTOR, result: 'pass' },
  ]);
});

test('without the settings mail goes unsigned; an incomplete set or a wrong key file stops the start', async () => {
  const sinkDir = mkdtempSync(join(dir, 'plain-'));
  const sender = createSender({ MAIL_SINK_DIR: sinkDir });
  await sender.send({ from: `judge@${DOMAIN}`, to: 'p3@example.org', subject: 'plain', text: 'x\n' }, 'plain');
  const [file] = readdirSync(sinkDir).filter((f) => f.endsWith('.eml'));
  expect(readFileSync(join(sinkDir, file), 'utf8')).not.toMatch(/^DKIM-Signature:/im);
  expect(() => loadConfig({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR })).toThrow(/set all three, or none/);
  const notAKey = join(dir, 'not-a-key.pem');
  writeFileSync(notAKey, 'hello');
  expect(() => createSender({ MAIL_SINK_DIR: sinkDir, ...dkimSettings, DKIM_PRIVATE_KEY_FILE: notAKey })).toThrow(
    /holds no PEM private key/,
  );
});
