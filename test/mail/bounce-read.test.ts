/**
 * Reading bounces in the formats mailers really send: RFC 3464 reports (hard and delayed), and the text-only bounces
 * of Exim, qmail, Gmail, Outlook and Japanese mailers; which mails are bounces at all, and which are persons' mail.
 */
import { describe, expect, test } from 'vitest';
import { looksLikeBounce, quotedMessageIds, readBounce } from '../../src/mail/bounce-read.ts';
import { automaticKind } from '../../src/mail/classify.ts';

const read = (text: string, subject = '') => readBounce(Buffer.from(text, 'latin1'), text, subject);

describe('readBounce', () => {
  test('an RFC 3464 report: Action and Status decide', () => {
    const failed =
      'Final-Recipient: rfc822; a@b.example\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; 550 5.1.1 User unknown\n';
    expect(read(failed)).toEqual({ hard: true, status: '5.1.1', reason: '5.1.1 550 5.1.1 User unknown' });
    const delayed = 'Final-Recipient: rfc822; a@b.example\nAction: delayed\nStatus: 4.4.7\n';
    expect(read(delayed)).toMatchObject({ hard: false, status: '4.4.7' });
  });

  test.each([
    [
      'Exim',
      'A message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n  a@b.example\n    SMTP error from remote mail server after RCPT TO:<a@b.example>:\n    550 5.1.1 <a@b.example>: Recipient address rejected',
      true,
      '5.1.1',
    ],
    [
      'qmail',
      "Hi. This is the qmail-send program at b.example.\nI'm afraid I wasn't able to deliver your message to the following addresses.\n\n<a@b.example>:\nSorry, no mailbox here by that name. (#5.1.1)",
      true,
      '5.1.1',
    ],
    [
      'Outlook',
      "Delivery has failed to these recipients or groups:\n\na@b.example\nRemote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found'",
      true,
      '5.1.10',
    ],
    [
      'Gmail (full mailbox)',
      "Your message couldn't be delivered to a@b.example because the mailbox is full.\nThe response was:\n452 4.2.2 The email account that you tried to reach is over quota.",
      false,
      '4.2.2',
    ],
    [
      'a Postfix reply without a status',
      'host mx.b.example said: 550 Mailbox unavailable (in reply to RCPT TO command)',
      true,
      null,
    ],
    ['Japanese words only', '宛先のメールアドレスは存在しません。', true, null],
    ['nothing readable', 'Something happened to your message.', false, null],
  ])('%s', (_name, text, hard, status) => {
    expect(read(text)).toMatchObject({ hard, status });
  });

  test('a delay notice is soft even where its words sound final', () => {
    expect(
      read('Delivery incomplete. Gmail will retry for 46 more hours.', 'Delivery Status Notification (Delay)'),
    ).toMatchObject({ hard: false });
  });

  test('an IP address in a Received header is no status code', () => {
    const text = 'Received: from mx (4.2.1.3) by host\n\nyour mail could not be delivered';
    expect(read(text)).toMatchObject({ hard: true, status: null });
  });

  test('the Message-IDs of ours a bounce quotes', () => {
    const text = 'Original message:\nMessage-ID: <abc@judge.test>\nMessage-ID: <x@other.example>\n';
    expect(quotedMessageIds(Buffer.from(text), '', 'judge.test')).toEqual(['<abc@judge.test>']);
  });
});

describe('which mails are bounces', () => {
  const kind = (subject: string, from = 'someone@b.example', extra: Record<string, string> = {}, to = false) =>
    automaticKind({
      headers: new Map(Object.entries(extra)),
      from,
      subject,
      ownDomain: 'judge.test',
      toBounceAddress: to,
    });
  test.each([
    'Undeliverable: [Game] Your orders',
    'Delivery Status Notification (Failure)',
    'Mail delivery failed: returning message to sender',
    'Undelivered Mail Returned to Sender',
    'failure notice',
    'Returned mail: see transcript for details',
    '配信不能: ゲーム',
  ])('subject "%s"', (subject) => {
    expect(kind(subject)).toBe('bounce');
  });
  test('X-Failed-Recipients, a MAILER-DAEMON or postmaster sender, or any mail to a bounce address', () => {
    expect(kind('hello', 'someone@b.example', { 'x-failed-recipients': 'a@b.example' })).toBe('bounce');
    expect(kind('hello', 'postmaster@b.example')).toBe('bounce');
    expect(kind('PLACE C01 WA', 'someone@b.example', {}, true)).toBe('bounce');
  });
  test("a person's orders are not a bounce", () => {
    expect(kind('Re: [Game] Step 3: your orders')).toBeNull();
    expect(looksLikeBounce('Re: Undeliverable orders? I think my mail was lost', () => '')).toBe(false);
  });
});
