/**
 * The IMAP door, for operators who already have an order mailbox: polls it with imapflow, feeds every unseen
 * message to the intake pipeline and then flags it \Seen. A crash between the two is harmless: the pipeline is
 * idempotent by Message-ID, so the next poll's second delivery is recognised.
 */
import { ImapFlow } from 'imapflow';
import type { ServiceDeps } from '../services/deps.ts';
import { intakeMail } from './intake.ts';

/** A running poller: `pollOnce` for tests and the first pass; `stop` ends the loop and logs out. */
export interface ImapPoller {
  pollOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Connection settings read from an imap(s):// URL (user and password URL-encoded, mailbox as the path). */
export function imapOptions(url: string, allowSelfSigned: boolean) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'imaps:' ? 993 : 143)),
    secure: u.protocol === 'imaps:',
    auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) },
    mailbox: decodeURIComponent(u.pathname.replace(/^\//, '')) || 'INBOX',
    // Plain IMAP on a local server (tests) need not upgrade; otherwise imapflow uses STARTTLS when offered.
    doSTARTTLS: u.searchParams.get('tls') === 'off' ? false : undefined,
    tls: { rejectUnauthorized: !allowSelfSigned },
  };
}

/** Fetches and processes every unseen message once; returns how many were handed to the pipeline. */
export async function pollMailbox(deps: ServiceDeps, url: string): Promise<number> {
  const o = imapOptions(url, deps.config.IMAP_ALLOW_SELF_SIGNED);
  const client = new ImapFlow({
    host: o.host,
    port: o.port,
    secure: o.secure,
    auth: o.auth,
    doSTARTTLS: o.doSTARTTLS,
    tls: o.tls,
    logger: false,
  });
  await client.connect();
  let count = 0;
  try {
    const lock = await client.getMailboxLock(o.mailbox);
    try {
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        const msg = await client.fetchOne(String(uid), { source: true, envelope: true }, { uid: true });
        // biome-ignore lint/complexity/useOptionalChain: fetchOne answers false for a vanished message
        if (!msg || !msg.source) continue;
        await intakeMail(deps, { raw: msg.source, source: 'imap', envelopeTo: [] });
        await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        count++;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return count;
}

/** Starts polling `url` every `seconds`. */
export function startImapPoller(deps: ServiceDeps, url: string, seconds: number): ImapPoller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const pollOnce = () => pollMailbox(deps, url);
  const loop = async () => {
    if (stopped) return;
    try {
      const n = await pollOnce();
      if (n) deps.log.info({ count: n }, 'imap: mails taken in');
    } catch (error) {
      deps.log.warn({ err: error }, 'imap poll failed (will retry)');
    }
    if (!stopped) timer = setTimeout(() => (running = loop()), seconds * 1000);
  };
  running = loop();
  return {
    pollOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
