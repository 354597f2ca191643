/**
 * The corpus of realistic messages (test/fixtures/mail): every client's reply form, encodings and automatic mail,
 * read the way the intake reads them (mailparser, then quote/signature stripping and the order grammar).
 */
import { readdirSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { describe, expect, test } from 'vitest';
import { defaultData } from '../../src/games/atlantic-wolves/data/default-data.ts';
import { automaticKind } from '../../src/mail/classify.ts';
import { bodyText } from '../../src/mail/intake.ts';
import { stripReply } from '../../src/mail/strip.ts';
import { readOrderText } from '../../src/orders-text/game-text.ts';
import { getGame } from '../../src/games/index.ts';
import { fixture, fixtureDir as dir } from './helpers.ts';

async function read(name: string) {
  const parsed = await simpleParser(fixture(name));
  const automatic = automaticKind({
    headers: parsed.headers as unknown as Map<string, string | string[]>,
    envelopeFrom: name === 'bounce.eml' ? '' : 'someone@example.org',
    from: parsed.from?.value[0]?.address?.toLowerCase(),
    contentType: String((parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? ''),
    subject: parsed.subject,
    ownDomain: 'judge.test',
    ownFrom: 'judge@judge.test',
  });
  const text = bodyText(parsed);
  return { parsed, automatic, text, orders: readOrderText(getGame('atlantic-wolves')!, { data: defaultData }, text) };
}

const PLACEMENT = { placement: { C01: 'WA', C02: 'WA' }, response: 'CG' };

describe('player mails: quotes, signatures and encodings removed, orders read', () => {
  test.each([
    'gmail-reply.eml',
    'outlook-reply-qp.eml',
    'outlook-separator.eml',
    'html-only.eml',
    'iso-2022-jp.eml',
    'shift-jis-base64.eml',
    'base64-signature.eml',
    'iphone-reply.eml',
    'forwarded.eml',
    'with-attachment.eml',
  ])('%s', async (name) => {
    const r = await read(name);
    expect(r.automatic).toBeNull();
    expect(r.orders.errors).toEqual([]);
    expect(r.orders.orders).toEqual(PLACEMENT);
    expect(r.text).not.toMatch(/C09|CB|カリブ/); // the quoted original is gone
  });

  test('Japanese subject and sender decode from ISO-2022-JP', async () => {
    const r = await read('iso-2022-jp.eml');
    expect(r.parsed.subject).toBe('Re: 命令');
    expect(r.parsed.from?.value[0].name).toBe('山田');
  });

  test('the attachment is seen but not read as orders', async () => {
    expect((await read('with-attachment.eml')).parsed.attachments).toHaveLength(1);
  });
});

describe('automatic mail is recognised and never answered', () => {
  test.each([
    ['bounce.eml', 'null-sender'],
    ['auto-reply.eml', 'auto-submitted'],
  ])('%s -> %s', async (name, kind) => {
    expect((await read(name)).automatic).toBe(kind);
  });
});

describe('stripping', () => {
  test.each<[string, string]>([
    ['orders\n> quoted\n> more', 'orders'],
    ['orders\n\nOn Mon, 1 Jan 2027, A <a@b> wrote:\n> x', 'orders'],
    ['orders\n\n2026年11月22日(日) 10:00 山田 <yamada@example.jp>:\n> x', 'orders'],
    ['orders\n\n-----Original Message-----\nFrom: x', 'orders'],
    ['orders\n-- \nsig', 'orders'],
    ['orders\n\nSent from my iPhone', 'orders'],
    ['---------- Forwarded message ---------\nFrom: a\nDate: b\nSubject: c\nTo: d\n\norders', 'orders'],
    ['note above\n---------- Forwarded message ---------\nFrom: a\n\nold orders', 'note above'],
  ])('%j', (input, expected) => {
    expect(stripReply(input).text).toBe(expected);
  });
});

test('every fixture is covered', () => {
  expect(readdirSync(dir).filter((f) => f.endsWith('.eml')).length).toBeGreaterThanOrEqual(13);
});
