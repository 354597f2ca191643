/**
 * The IMAP door against a real Dovecot (Debian package dovecot-imapd), started here in a temporary folder on a
 * free loopback port. Skipped with a message where Dovecot is not installed; CI sets REQUIRE_DOVECOT=1 to make
 * that a failure.
 */
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pollMailbox } from '../../src/mail/imap-poller.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { freePort } from '../support/service-process.ts';
import { installed, startDovecot } from './dovecot.ts';
import { fixture } from './helpers.ts';

describe.skipIf(!installed)('IMAP polling with Dovecot', () => {
  let dovecot: { stop(): void };
  let port: number;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    port = await freePort();
    dovecot = startDovecot(port);
    t = await buildTestApp({ config: { MAIL_DOMAIN: 'judge.test' } });
    const game = await createGame(t.deps, {
      game: 'atlantic-wolves',
      mode: 'mail',
      seats: [
        { side: 'allied', email: 'ally@example.org' },
        { side: 'german', email: 'wolf@example.jp' },
      ],
    });
    token = (await t.db.seat.findFirstOrThrow({ where: { gameId: game.id, side: 'german' } })).mailToken;
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await t?.close();
    dovecot?.stop();
  });

  test('unseen mails are taken in once, flagged seen; a re-delivery is recognised', async () => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: 'judge', pass: 'secret' },
      logger: false,
    });
    await client.connect();
    await client.append('INBOX', fixture('iso-2022-jp.eml', { TOKEN: token, MID: 'imap-1' }));
    await client.append('INBOX', fixture('shift-jis-base64.eml', { TOKEN: token, MID: 'imap-2' }));
    await client.append('INBOX', fixture('auto-reply.eml', { TOKEN: token, MID: 'imap-3' }));
    const url = `imap://judge:secret@127.0.0.1:${port}/INBOX?tls=off`;
    expect(await pollMailbox(t.deps, url)).toBe(3);
    expect(await pollMailbox(t.deps, url)).toBe(0);
    const rows = await t.db.inboundMail.findMany({ orderBy: { messageId: 'asc' } });
    expect(rows.map((r) => [r.messageId, r.source, r.status])).toEqual([
      ['<imap-1@example.org>', 'imap', 'processed'],
      ['<imap-2@example.org>', 'imap', 'processed'],
      ['<imap-3@example.org>', 'imap', 'ignored'],
    ]);
    // A crash between intake and the \Seen flag: the next poll sees the mail again, and it is not processed twice.
    await client.mailboxOpen('INBOX');
    await client.messageFlagsRemove('1:*', ['\\Seen']);
    expect(await pollMailbox(t.deps, url)).toBe(3);
    expect(await t.db.inboundMail.count()).toBe(3);
    expect(await t.db.outbox.count({ where: { kind: 'reply', toAddress: 'wolf@example.jp' } })).toBe(2);
    await client.logout();
  });
});
