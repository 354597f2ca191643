/**
 * The mails that belong to no seat: the refusal of a mail that could not be authenticated, and the moderator's
 * notice of a failed delivery. Pure, like src/mail/compose-parts.ts.
 */
import { listId, moderatorThreadRoot } from './addresses.ts';
import type { ComposedMail, MailSite } from './compose-parts.ts';
import { esc } from './render.ts';

/**
 * The answer to a mail that could not be authenticated. Bilingual, and says nothing about any game, seat or
 * address: the sender may be anyone.
 */
export function composeRefusal(input: {
  to: string;
  reason: 'unauthenticated' | 'too-large' | 'unreadable' | 'gave-up';
  inReplyTo?: string;
  subject?: string;
  maxBytes?: number;
}): ComposedMail {
  const why: Record<typeof input.reason, [string, string]> = {
    unauthenticated: [
      'This mail could not be matched to a seat. Reply to a mail you received from the game, or start your mail with a line "SIGNON <your seat password>".',
      'このメールはどの席のものか確認できませんでした。ゲームから届いたメールに返信するか、1行目に「SIGNON <席のパスワード>」と書いてください。',
    ],
    'too-large': [
      `This mail is too large (the limit is ${Math.round((input.maxBytes ?? 0) / 1024)} KB) and was not read. Send the orders as plain text, without attachments.`,
      `このメールは大きすぎるため読んでいません (上限 ${Math.round((input.maxBytes ?? 0) / 1024)} KB)。添付ファイルなしのテキストで送ってください。`,
    ],
    unreadable: [
      'This mail could not be read. Send the orders as plain text.',
      'このメールを読み取れませんでした。テキストで送ってください。',
    ],
    'gave-up': [
      "We are sorry: this mail could not be read. Processing it failed several times, so it was set aside and nothing in it was carried out. Please send it again as plain text, without attachments. The game's moderator has been told.",
      '申し訳ありません。このメールを読み取れませんでした。処理が何度も失敗したため保留とし、内容は何も実行していません。添付ファイルなしのテキストでもう一度送ってください。ゲームの進行役にも知らせました。',
    ],
  };
  const [en, ja] = why[input.reason];
  const text = `${en}\n\n${ja}\n`;
  return {
    kind: 'refusal',
    to: input.to,
    subject: input.subject ? `Re: ${input.subject.slice(0, 150)}` : 'Your mail / お送りいただいたメール',
    text,
    html: `<p>${esc(en)}</p><p>${esc(ja)}</p>`,
    inReplyTo: input.inReplyTo,
    references: input.inReplyTo ? [input.inReplyTo] : [],
    headers: { 'Auto-Submitted': 'auto-replied', 'X-PBEM-Judge': 'refusal' },
    attachments: [],
  };
}

/** Tells the moderator that a mail could not be delivered (permanent failure). */
export function composeDeliveryFailure(
  site: MailSite,
  input: { gameId: string; gameName: string; to: string; failedTo: string; failedSubject: string; error: string },
): ComposedMail {
  const root = moderatorThreadRoot(input.gameId, site.domain);
  const text = `A mail of game "${input.gameName}" could not be delivered and will not be retried.\nTo: ${input.failedTo}\nSubject: ${input.failedSubject}\nError: ${input.error}\n\nゲーム「${input.gameName}」のメールを配送できませんでした (再送しません)。\n宛先: ${input.failedTo}\n件名: ${input.failedSubject}\nエラー: ${input.error}\n`;
  return {
    kind: 'delivery-failed',
    gameId: input.gameId,
    to: input.to,
    subject: `[${input.gameName}] Undeliverable mail / 配送失敗: ${input.failedTo}`,
    text,
    html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(text)}</pre>`,
    inReplyTo: root,
    references: [root],
    headers: {
      'List-Id': listId(input.gameId, input.gameName, site.domain),
      'Auto-Submitted': 'auto-generated',
      'X-PBEM-Judge': input.gameId,
    },
    attachments: [],
  };
}

/**
 * Tells the moderator that a mail of the game was given up on: its processing failed INBOUND_MAX_ATTEMPTS times, so
 * nothing in it was carried out; its sender was answered. The game's page lists it too.
 */
export function composeMailGivenUp(
  site: MailSite,
  input: {
    gameId: string;
    gameName: string;
    to: string;
    from: string;
    subject: string;
    receivedAt: Date;
    attempts: number;
  },
): ComposedMail {
  const root = moderatorThreadRoot(input.gameId, site.domain);
  const when = `${input.receivedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const subject = input.subject.slice(0, 150);
  const text =
    `A mail to game "${input.gameName}" could not be processed (${input.attempts} attempts) and was set aside: ` +
    `nothing in it was carried out. Its sender was told to send it again.\nFrom: ${input.from}\nSubject: ${subject}\n` +
    `Received: ${when}\n\nゲーム「${input.gameName}」宛てのメールを処理できず (${input.attempts} 回)、保留にしました。` +
    `内容は何も実行していません。送信者には再送を依頼しました。\n差出人: ${input.from}\n件名: ${subject}\n受信: ${when}\n`;
  return {
    kind: 'moderator',
    gameId: input.gameId,
    to: input.to,
    subject: `[${input.gameName}] Mail set aside unread / 未処理のメール: ${input.from}`.slice(0, 200),
    text,
    html: `<pre style="white-space:pre-wrap;word-break:break-word">${esc(text)}</pre>`,
    inReplyTo: root,
    references: [root],
    headers: {
      'List-Id': listId(input.gameId, input.gameName, site.domain),
      'Auto-Submitted': 'auto-generated',
      'X-PBEM-Judge': input.gameId,
    },
    attachments: [],
  };
}
