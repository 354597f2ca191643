/**
 * Removes what a mail client adds around a player's own words: quoted lines (`>`), the quoted original under a
 * reply header (`On ... wrote:`, `2026年11月22日(日) 10:00 山田 <...>:`, `-----Original Message-----`, Outlook's
 * `From:/Sent:` block), signatures (`-- `) and "sent from my phone" lines. A forwarded mail with nothing above the
 * forward marker keeps the forwarded body (the player forwarded his own orders).
 */

const REPLY_HEADERS: RegExp[] = [
  /^\s*On\b.{0,300}\bwrote:\s*$/i,
  /^\s*Le\b.{0,300}a écrit\s*:\s*$/i,
  /^\s*Am\b.{0,300}schrieb.{0,100}:\s*$/i,
  /^\s*\d{4}[年/.-]\s*\d{1,2}[月/.-]\s*\d{1,2}日?.{0,200}[:：]\s*$/, // 2026年11月22日(日) 10:00 山田 <...>:  /  2026/11/22 10:00, Yamada wrote:
  /^.{0,200}(さんは書きました|のメッセージ|が書きました|wrote)\s*[:：]\s*$/,
  /^\s*-{2,}\s*(Original Message|元のメッセージ|オリジナルメッセージ|原文)\s*-{2,}\s*$/i,
  /^\s*_{20,}\s*$/, // Outlook's separator line
];
const OUTLOOK_BLOCK = /^\s*(From|差出人|送信者)\s*[:：]/i;
const OUTLOOK_NEXT = /^\s*(Sent|Date|To|Subject|Cc|送信日時|日付|宛先|件名)\s*[:：]/i;
const FORWARD =
  /^\s*-{2,}\s*(Forwarded message|転送されたメッセージ|転送メッセージ|Begin forwarded message)\s*-{0,}\s*:?\s*$|^\s*Begin forwarded message:\s*$/i;
const HEADER_LINE = /^\s*(From|Date|Subject|To|Cc|Sent|差出人|日付|件名|宛先|送信日時)\s*[:：]/i;
const PHONE =
  /^\s*(Sent from my .{1,40}|Get Outlook for .{1,30}|iPhoneから送信|iPadから送信|Android.{0,20}から送信|.{0,20}から送信されました)\s*$/i;

/** How the text was cut, for the intake log. */
export interface StrippedText {
  text: string;
  removed: ('quote' | 'reply-header' | 'signature' | 'forward-header' | 'phone-footer')[];
}

function twoLineReplyHeader(lines: string[], i: number): boolean {
  // Gmail wraps long headers: "On Sun, 22 Nov 2026 at 10:00, Yamada Taro <taro@example.jp>\nwrote:"
  return /^\s*On\b/i.test(lines[i]) && i + 1 < lines.length && /^\s*.{0,120}wrote:\s*$/i.test(lines[i + 1]);
}

/** Strips quotes, reply headers and signatures from a plain-text body. */
export function stripReply(body: string): StrippedText {
  const removed = new Set<StrippedText['removed'][number]>();
  let lines = body.replace(/\r\n?/g, '\n').split('\n');

  // A forward with nothing of the player's own above it: keep the forwarded body, minus its header block.
  const fwd = lines.findIndex((l) => FORWARD.test(l));
  if (fwd >= 0) {
    const above = lines.slice(0, fwd).filter((l) => l.trim() && !l.trim().startsWith('>'));
    if (above.length === 0) {
      let j = fwd + 1;
      while (j < lines.length && (HEADER_LINE.test(lines[j]) || !lines[j].trim())) j++;
      lines = lines.slice(j);
    } else {
      lines = lines.slice(0, fwd);
    }
    removed.add('forward-header');
  }

  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (REPLY_HEADERS.some((r) => r.test(line)) || twoLineReplyHeader(lines, i)) {
      removed.add('reply-header');
      break;
    }
    if (OUTLOOK_BLOCK.test(line) && lines.slice(i + 1, i + 4).some((l) => OUTLOOK_NEXT.test(l))) {
      removed.add('reply-header');
      break;
    }
    if (line === '-- ' || line === '--' || line === '—' || line === '-- \u00a0') {
      removed.add('signature');
      break;
    }
    if (/^\s*>/.test(line)) {
      removed.add('quote');
      continue;
    }
    if (PHONE.test(line)) {
      removed.add('phone-footer');
      continue;
    }
    out.push(line);
  }
  while (out.length && !out[out.length - 1].trim()) out.pop();
  while (out.length && !out[0].trim()) out.shift();
  return { text: out.join('\n'), removed: [...removed] };
}
