/**
 * Reading a bounce: whether a mail is one (beyond the RFC 3464 report and the null sender that src/mail/classify.ts
 * knows: the subjects and headers of the common non-standard formats, Exim, Postfix, Gmail, Outlook, qmail), and
 * what it says: hard (the address fails for good: an RFC 3464 `Action: failed`, a 5.x.x status, a 5xx reply, or the
 * words of a permanent failure) or soft (a 4.x.x status, a delay, a full mailbox), with a short reason.
 */

/** Subjects of bounces that carry no report part (several languages' mailers, and Japanese ones). */
const BOUNCE_SUBJECT =
  /^(undeliverable|undelivered mail|undeliverable mail|delivery status notification|mail delivery failed|mail delivery (failure|subsystem|system)|delivery failure|failure notice|returned mail|non[- ]?delivery|message not delivered|delivery has failed|could not send message|nicht zustellbar|unzustellbar|配信不能|配信エラー|配送エラー|送信エラー|メール配信失敗)/i;

/** Whether a subject or headers say "bounce" although the mail has no delivery report. */
export function looksLikeBounce(subject: string | undefined, header: (name: string) => string): boolean {
  if (header('x-failed-recipients')) return true;
  return BOUNCE_SUBJECT.test((subject ?? '').trim());
}

/** What a bounce says. */
export interface BounceReading {
  hard: boolean;
  /** The enhanced status code (RFC 3463) when one was found. */
  status: string | null;
  reason: string;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim().slice(0, 200);

/** An enhanced status code (RFC 3463) standing alone in a text. */
const ENHANCED = /(?:^|[\s(:#'"-])([45])\.(\d{1,3})\.(\d{1,3})(?=[\s),;:'"]|\.(?:\s|$)|$)/m;

const HARD_WORDS =
  /(user unknown|unknown user|no such user|does not exist|doesn't exist|mailbox unavailable|mailbox not found|address rejected|account (has been )?disabled|invalid recipient|permanent (error|failure)|permanently|couldn't be delivered|could not be delivered|wasn't delivered|delivery has failed|delivery to the following recipients? failed|address couldn't be found|存在しません)/i;
const SOFT_WORDS =
  /(temporar|delay|will retry|will be retried|still trying|try again later|mailbox (is )?full|over quota|quota exceeded|greylist)/i;

/**
 * Reads a bounce from its raw bytes and decoded text: the report's `Action` and `Status` first, then a status code
 * or an SMTP reply in the text, then the words of a permanent or a passing failure. A bounce that says nothing
 * readable is soft (counted, not acted on).
 */
export function readBounce(raw: Buffer, text: string, subject = ''): BounceReading {
  const all = `${raw.toString('latin1')}\n${text}`;
  const diagnostic = /^Diagnostic-Code:[ \t]*(?:smtp;[ \t]*)?(.+)$/im.exec(all)?.[1];
  const action = /^Action:[ \t]*([a-z]+)/im.exec(all)?.[1]?.toLowerCase();
  const status = /^Status:[ \t]*([245]\.\d{1,3}\.\d{1,3})/im.exec(all)?.[1];
  if (action === 'failed' || status?.startsWith('5'))
    return { hard: true, status: status ?? null, reason: oneLine(`${status ?? ''} ${diagnostic ?? 'failed'}`) };
  if (action === 'delayed' || status?.startsWith('4'))
    return { hard: false, status: status ?? null, reason: oneLine(`${status ?? ''} ${diagnostic ?? 'delayed'}`) };
  if (/\(delay\)|delayed|遅延/i.test(subject)) return { hard: false, status: null, reason: oneLine(subject) };
  for (const source of [text, all]) {
    const enhanced = ENHANCED.exec(source);
    if (!enhanced) continue;
    const code = `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}`;
    return { hard: enhanced[1] === '5', status: code, reason: oneLine(lineAround(source, enhanced.index + 1)) };
  }
  const reply = /(?:^|said:|:)[ \t]*([45])\d\d[ -][^\n]*/m.exec(text);
  if (reply) return { hard: reply[1] === '5', status: null, reason: oneLine(reply[0]) };
  if (HARD_WORDS.test(text)) return { hard: true, status: null, reason: oneLine(HARD_WORDS.exec(text)?.[0] ?? '') };
  if (SOFT_WORDS.test(text)) return { hard: false, status: null, reason: oneLine(SOFT_WORDS.exec(text)?.[0] ?? '') };
  return { hard: false, status: null, reason: oneLine(subject || 'unreadable bounce') };
}

/** The line of `s` holding position `at`. */
function lineAround(s: string, at: number): string {
  const start = s.lastIndexOf('\n', at) + 1;
  const end = s.indexOf('\n', at + 1);
  return s.slice(start, end < 0 ? undefined : end);
}

/** Message-IDs at `domain` quoted in a bounce (the returned mail's own headers), for bounces that lost the VERP. */
export function quotedMessageIds(raw: Buffer, text: string, domain: string): string[] {
  const d = domain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^Message-ID:[ \\t]*(<[^<>\\s]+@${d}>)`, 'gim');
  const out = new Set<string>();
  for (const s of [raw.toString('latin1'), text]) for (const m of s.matchAll(re)) out.add(m[1]);
  return [...out].slice(0, 5);
}
