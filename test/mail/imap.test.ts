/**
 * The IMAP door against a real Dovecot (Debian package dovecot-imapd), started here in a temporary folder on a
 * free loopback port. Skipped with a message where Dovecot is not installed; CI sets REQUIRE_DOVECOT=1 to make
 * that a failure.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pollMailbox } from '../../src/mail/imap-poller.ts';
import { createGame } from '../../src/services/games.ts';
import { buildTestApp, type TestApp } from '../support/app.ts';
import { fixture } from './helpers.ts';

const DOVECOT = '/usr/sbin/dovecot';
const installed = existsSync(DOVECOT);
if (!installed) {
  if (process.env.REQUIRE_DOVECOT === '1') throw new Error('Dovecot is required (apt-get install -y dovecot-imapd)');
  console.warn('IMAP tests skipped: Dovecot is not installed (apt-get install -y dovecot-imapd)');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function startDovecot(port: number): { dir: string; stop(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
  chmodSync(dir, 0o755); // Dovecot's auth process (its own user) reads the passwd file here
  for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, d));
  const root = process.getuid?.() === 0;
  if (root) chownSync(join(dir, 'mail'), 65534, 65534);
  writeFileSync(join(dir, 'passwd'), 'judge:{PLAIN}secret\n');
  const user = root ? 'uid=65534 gid=65534' : `uid=${process.getuid?.()} gid=${process.getgid?.()}`;
  // Dovecot's own processes run as its system users under root, otherwise as the user running the tests.
  const [internalUser, loginUser] = root ? ['dovecot', 'dovenull'] : [process.env.USER, process.env.USER];
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
default_internal_user = ${internalUser}
default_login_user = ${loginUser}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = ${user} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  // It daemonizes: its output must not hold a pipe open.
  execFileSync(DOVECOT, ['-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  return { dir, stop: () => execFileSync(DOVECOT, ['-c', join(dir, 'dovecot.conf'), 'stop'], { stdio: 'ignore' }) };
}

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
