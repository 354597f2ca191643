/**
 * A real Dovecot (Debian package dovecot-imapd) for the IMAP tests, started in a temporary folder on a free loopback
 * port (user `judge`, password `secret`). `installed` is false where Dovecot is not installed; CI sets
 * REQUIRE_DOVECOT=1 to make that a failure.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const DOVECOT = '/usr/sbin/dovecot';
export const installed = existsSync(DOVECOT);
if (!installed) {
  if (process.env.REQUIRE_DOVECOT === '1') throw new Error('Dovecot is required (apt-get install -y dovecot-imapd)');
  console.warn('IMAP tests skipped: Dovecot is not installed (apt-get install -y dovecot-imapd)');
}

/** Starts Dovecot on `port`; `stop` ends it. */
export function startDovecot(port: number): { dir: string; stop(): void } {
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
