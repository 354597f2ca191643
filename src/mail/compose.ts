/**
 * Every mail the service writes, in the seat's language (Japanese or English), as text and HTML: the welcome mail,
 * a step's result, the Judge-style reply to an order mail (echo, errors with rule ids, what is still owed, the
 * deadline), HELP and STATUS answers, refusals that reveal nothing, and the notice of a failed delivery. Pure: the
 * caller loads what the seat may see (src/mail/context.ts) and writes the outbox row (src/mail/outbox.ts). The text
 * notices (deadlines, rejections, a result awaiting review) are src/mail/notices.ts.
 */
import { outcomeHeadline } from '../engine/outcome.ts';
import type { ChoiceTree, GameEvent, Outcome, Owed, RuleError, Text } from '../engine/types.ts';
import type { Locale } from '../i18n/index.ts';
import { seatReplyAddress, threadRoot, listId, moderatorThreadRoot, ordersAddress } from './addresses.ts';
import type { Board } from '../engine/board.ts';
import type { NoticeKind } from '../services/notifier.ts';
import { renderBoardSvg } from '../board-view/map-svg.ts';
import { esc, namesOf, renderChoices, renderEvents, renderMap, renderOwed, type Part } from './render.ts';

/** What a mail is (the outbox row's kind): the notices about deadlines and rejections have theirs. */
export type MailKind =
  | 'welcome'
  | 'result'
  | 'digest'
  | 'reply'
  | 'refusal'
  | 'moderator'
  | 'delivery-failed'
  | NoticeKind;

/** A mail ready for the outbox. */
export interface ComposedMail {
  kind: MailKind;
  gameId?: string;
  seatId?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  inReplyTo?: string;
  references: string[];
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

/**
 * A file sent with a mail. `content` is sent as it is; `svg` is an SVG document the delivery rasterises to the PNG
 * sent (the map: src/mail/map-image.ts). With a `cid`, the file is inline: the HTML part shows it as `cid:<cid>`.
 */
export type MailAttachment = {
  filename: string;
  contentType: string;
  content?: string;
  svg?: string;
  cid?: string;
};

/** The sending side: domain, From and the public base URL. */
export interface MailSite {
  domain: string;
  from: string;
  publicUrl: string;
}

/** One seat of one game, as its mails address it. */
export interface SeatMailContext {
  site: MailSite;
  game: {
    id: string;
    name: string;
    game: string;
    mode: string;
    title: Text;
    commitment: string;
    data: unknown;
    describe?: (event: GameEvent, locale: Locale) => string;
  };
  seat: {
    id: string;
    side: string;
    sideName: Text;
    email: string;
    locale: Locale;
    timeZone: string;
    mailToken: string;
    playerName?: string | null;
  };
}

/** The English or the Japanese of a text, by locale. */
export const L = (locale: Locale, en: string, ja: string) => (locale === 'ja' ? ja : en);

function envelope(
  ctx: SeatMailContext,
  kind: ComposedMail['kind'],
  subject: string,
  parts: Part[],
  extra: Partial<ComposedMail> = {},
): ComposedMail {
  const { site, game, seat } = ctx;
  const root = threadRoot(game.id, seat.side, site.domain);
  const locale = seat.locale;
  const reply = seatReplyAddress(seat.mailToken, site.domain);
  const footer = replyFooter(locale, site, game.id);
  const all = [...parts, footer];
  return {
    kind,
    gameId: game.id,
    seatId: seat.id,
    to: seat.email,
    subject: `[${game.name}] ${subject}`,
    text: partsText(all),
    html: partsHtml(all, locale),
    replyTo: reply,
    inReplyTo: root,
    references: [root],
    headers: gameHeaders(kind, game, site),
    attachments: [],
    ...extra,
  };
}

/** The footer of every mail from a game: how to answer it, and the game's short link. */
export function replyFooter(locale: Locale, site: MailSite, gameId: string): Part {
  return {
    text: L(
      locale,
      `-- \nReply to this mail to send orders or commands (HELP, STATUS). Your reply address is personal: do not share it.\nGame ${gameId}: ${site.publicUrl}/g/${gameId}`,
      `-- \nこのメールに返信すると命令やコマンド (HELP, STATUS) を送れます。返信先アドレスはあなた専用です。他人に教えないでください。\nゲーム ${gameId}: ${site.publicUrl}/g/${gameId}`,
    ),
    html: `<hr><p style="color:#666;font-size:small">${esc(L(locale, 'Reply to this mail to send orders or commands (HELP, STATUS). Your reply address is personal: do not share it.', 'このメールに返信すると命令やコマンド (HELP, STATUS) を送れます。返信先アドレスはあなた専用です。他人に教えないでください。'))}<br><a href="${esc(`${site.publicUrl}/g/${gameId}`)}">${esc(`${site.publicUrl}/g/${gameId}`)}</a></p>`,
  };
}

/** The text part of a mail made of parts. */
export function partsText(parts: Part[]): string {
  return `${parts
    .map((p) => p.text)
    .filter(Boolean)
    .join('\n\n')}\n`;
}

/** The HTML part of a mail made of parts. */
export function partsHtml(parts: Part[], locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head><body style="font-family:sans-serif">${parts.map((p) => p.html).join('\n')}</body></html>`;
}

/** The headers of every mail from a game (List-Id, Auto-Submitted, the judge's mark). */
export function gameHeaders(
  kind: ComposedMail['kind'],
  game: { id: string; name: string },
  site: MailSite,
): Record<string, string> {
  return {
    'List-Id': listId(game.id, game.name, site.domain),
    'Auto-Submitted': kind === 'reply' || kind === 'refusal' ? 'auto-replied' : 'auto-generated',
    'X-PBEM-Judge': game.id,
  };
}

/** A paragraph, a heading and preformatted text as mail parts. */
export const para = (t: string): Part => ({ text: t, html: `<p>${esc(t).replace(/\n/g, '<br>')}</p>` });
export const heading = (t: string): Part => ({ text: `== ${t} ==`, html: `<h3>${esc(t)}</h3>` });
export const pre = (t: string): Part => ({ text: t, html: `<pre>${esc(t)}</pre>` });

/**
 * The map: its picture inline (a PNG made at delivery from the board's SVG, shown by `cid:` in the HTML part), then
 * the same facts as a table, which every client shows and the text part carries alone.
 */
export function mapParts(
  board: Board | null,
  locale: Locale,
  title: string,
  cid: string,
): { part: Part | null; attachments: MailAttachment[] } {
  const table = renderMap(board, locale);
  if (!board || !table.text) return { part: null, attachments: [] };
  const svg = renderBoardSvg(board, locale, { title });
  const alt = `${title}: ${board.summary.phase[locale]}`;
  const style = 'display:block;width:100%;max-width:1000px;height:auto;border:0';
  const img = `<p><img src="cid:${esc(cid)}" alt="${esc(alt)}" width="640" style="${style}"></p>`;
  const picture: MailAttachment = { filename: 'map.png', contentType: 'image/png', svg, cid };
  return { part: { text: table.text, html: img + table.html }, attachments: [picture] };
}

/** A Content-ID for a mail's map, unique to the game, the seat and the step. */
const mapCid = (ctx: SeatMailContext, what: string): string =>
  `map.${ctx.game.id}.${ctx.seat.id}.${what}@${ctx.site.domain}`;

/** The welcome mail of a new game: side, how to send orders, the player page, what is owed first and when. */
export async function composeWelcome(
  ctx: SeatMailContext,
  input: {
    pageUrl: string;
    calendarUrl?: string;
    owed: Owed[];
    deadline: Date | null;
    board: Board | null;
    syntax: string;
  },
): Promise<ComposedMail> {
  const { game, seat, site } = ctx;
  const lc = seat.locale;
  const reply = seatReplyAddress(seat.mailToken, site.domain);
  const map = mapParts(input.board, lc, game.name, mapCid(ctx, 'welcome'));
  const parts: Part[] = [
    para(
      L(
        lc,
        `Welcome${seat.playerName ? `, ${seat.playerName}` : ''}! You play ${seat.sideName.en} in "${game.name}" (${game.title.en}, ${game.mode} mode).`,
        `${seat.playerName ? `${seat.playerName} さん、` : ''}ようこそ。「${game.name}」(${game.title.ja}、${game.mode} モード) であなたは${seat.sideName.ja}を担当します。`,
      ),
    ),
    heading(L(lc, 'How to send orders', '命令の送り方')),
    para(
      L(
        lc,
        `Reply to this mail, or write to ${reply} (your personal order address). From another address, write to ${ordersAddress(site.domain)} with a first line "SIGNON <your seat password>".`,
        `このメールに返信するか、あなた専用の命令アドレス ${reply} に送ってください。別のアドレスからは ${ordersAddress(site.domain)} 宛てに、1行目を「SIGNON <席のパスワード>」として送れます。`,
      ),
    ),
    pre(input.syntax),
    heading(L(lc, 'Your page', 'あなたのページ')),
    para(
      `${input.pageUrl}${input.calendarUrl ? `\n${L(lc, 'Deadline calendar', '締切カレンダー')}: ${input.calendarUrl}` : ''}\n${L(lc, 'Keep this link private: it signs you in.', 'このリンクはログイン用です。他人に教えないでください。')}`,
    ),
    heading(L(lc, 'First orders', '最初の命令')),
    renderOwed(input.owed, input.deadline, seat.timeZone, lc),
    ...(map.part ? [heading(L(lc, 'The map', 'マップ')), map.part] : []),
    para(
      L(
        lc,
        `Dice commitment (SHA-256 of the secret seed, revealed at the end): ${game.commitment}`,
        `ダイス・コミットメント (秘密シードの SHA-256、終了時に公開): ${game.commitment}`,
      ),
    ),
  ];
  return envelope(
    ctx,
    'welcome',
    L(lc, `Welcome: you play ${seat.sideName.en}`, `ゲーム開始: ${seat.sideName.ja}`),
    parts,
    { attachments: map.attachments },
  );
}

/** A step's events in the seat's language, one sentence each as the game words them (rule id included). */
export function eventSentences(
  describe: ((event: GameEvent, locale: Locale) => string) | undefined,
  events: readonly GameEvent[],
  names: Map<string, Text>,
  locale: Locale,
): Part {
  if (!describe || !events.length) return renderEvents(events, names, locale);
  const lines = events.map((e) => describe(e, locale));
  return {
    text: lines.map((l) => `  ${l}`).join('\n'),
    html: `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`,
  };
}

/** What a result mail reports: one step (or, under a game's notification policy, every step since the last mail). */
export interface ResultMailInput {
  stepNumber: number;
  /** The first step the mail covers, when it covers several. */
  fromStep?: number;
  /** A digest for a seat that does not owe next (the end of a phase of short alternating steps). */
  digest?: boolean;
  events: GameEvent[];
  board: Board | null;
  owed: Owed[];
  deadline: Date | null;
  outcome: Outcome | null;
  defaultsApplied?: string[];
}

/** The heading and subject of a result mail: one step, several, or a digest. */
export function resultTitles(lc: Locale, input: ResultMailInput): { heading: string; subject: string } {
  const n = input.stepNumber;
  const span = input.fromStep !== undefined && input.fromStep < n ? `${input.fromStep}–${n}` : null;
  if (input.digest) {
    const steps = span ?? String(n);
    const digest = L(lc, `Digest of steps ${steps}`, `ステップ ${steps} のまとめ`);
    return { heading: digest, subject: digest };
  }
  const over = !!input.outcome;
  if (span) {
    const subject = over
      ? L(lc, `Steps ${span}: game over`, `ステップ ${span}: ゲーム終了`)
      : L(lc, `Steps ${span} results`, `ステップ ${span} 結果`);
    return { heading: L(lc, `Results of steps ${span}`, `ステップ ${span} の結果`), subject };
  }
  const subject = over
    ? L(lc, `Step ${n}: game over`, `ステップ ${n}: ゲーム終了`)
    : L(lc, `Step ${n} result`, `ステップ ${n} 結果`);
  return { heading: L(lc, `Result of step ${n}`, `ステップ ${n} の結果`), subject };
}

/**
 * The result of a published step for one seat: events and dice it may see, the map, what it owes next, the end
 * (winners, a coalition or a draw: `outcomeHeadline`).
 */
export async function composeResult(ctx: SeatMailContext, input: ResultMailInput): Promise<ComposedMail> {
  const { game, seat } = ctx;
  const lc = seat.locale;
  const names = namesOf(game.data);
  const map = mapParts(input.board, lc, game.name, mapCid(ctx, `step${input.stepNumber}`));
  const titles = resultTitles(lc, input);
  const parts: Part[] = [heading(titles.heading), eventSentences(game.describe, input.events, names, lc)];
  if (input.defaultsApplied?.length)
    parts.push(
      para(
        L(
          lc,
          `Default orders were applied for: ${input.defaultsApplied.join(', ')}`,
          `締切までに命令がなく既定の命令を適用: ${input.defaultsApplied.join(', ')}`,
        ),
      ),
    );
  if (map.part) parts.push(heading(L(lc, 'The map', 'マップ')), map.part);
  if (input.outcome) {
    const headline = `${outcomeHeadline(input.outcome, lc)}. ${input.outcome.reason[lc]}`;
    parts.push(heading(L(lc, 'Game over', 'ゲーム終了')), para(headline));
  } else {
    parts.push(heading(L(lc, 'Next', '次の命令')), renderOwed(input.owed, input.deadline, seat.timeZone, lc));
  }
  return envelope(ctx, input.digest ? 'digest' : 'result', titles.subject, parts, { attachments: map.attachments });
}

/** What an order mail achieved, for the Judge-style reply. */
export interface ReplyReport {
  /** Canonical text of the orders as understood (empty when the mail had none). */
  echo: string[];
  /** Text errors (line numbers) and rule errors (rule ids). */
  textErrors: { line: number; text: string; code: string; message: Text }[];
  ruleErrors: RuleError[];
  ignored: { line: number; text: string }[];
  /** `accepted`: stored; `rejected`: nothing stored; `none`: no orders in the mail. */
  outcome: 'accepted' | 'rejected' | 'none';
  /** A conflict that stopped the orders (game paused, step not open, ...). */
  problem?: Text;
  /** Answers to commands, in order (HELP, STATUS, APPROVE, REJECT). */
  answers: Part[];
  owed: Owed[];
  deadline: Date | null;
  resolved: boolean;
}

/** The reply to an authenticated order mail. Threaded under the player's mail. */
export function composeReply(
  ctx: SeatMailContext,
  input: ReplyReport & { inReplyTo?: string; references?: string[]; subject?: string },
): ComposedMail {
  const lc = ctx.seat.locale;
  const parts: Part[] = [];
  if (input.outcome !== 'none' || input.textErrors.length) {
    parts.push(heading(L(lc, 'Your orders as understood', '受け付けた命令の解釈')));
    parts.push(
      pre(input.echo.length ? input.echo.join('\n') : L(lc, '(no orders read)', '(命令は読み取れませんでした)')),
    );
    const status =
      input.outcome === 'accepted'
        ? L(
            lc,
            'ACCEPTED: these orders replace any you sent earlier for this step.',
            '受理: このステップで以前に送った命令はこれで置き換えられます。',
          )
        : input.outcome === 'rejected'
          ? L(
              lc,
              'REJECTED: nothing was stored; correct the errors and send the whole set again.',
              '却下: 何も保存されていません。誤りを直して全体を送り直してください。',
            )
          : '';
    if (status) parts.push(para(status));
  }
  if (input.problem) parts.push(para(input.problem[lc]));
  const errors = [
    ...input.textErrors.map(
      (e) => `${L(lc, 'line', '行')} ${e.line}: ${e.message[lc]} [${e.code}]${e.text ? `  <${e.text}>` : ''}`,
    ),
    ...input.ruleErrors.map((e) => `${e.rule}: ${e.message[lc]} [${e.code}]${e.path ? ` (${e.path})` : ''}`),
  ];
  if (errors.length)
    parts.push(heading(L(lc, `Errors (${errors.length})`, `誤り (${errors.length} 件)`)), pre(errors.join('\n')));
  if (input.ignored.length)
    parts.push(
      para(
        `${L(lc, 'Lines not read as orders', '命令として読まなかった行')}: ${input.ignored.map((i) => `${i.line} "${i.text}"`).join(', ')}`,
      ),
    );
  parts.push(...input.answers);
  if (input.resolved)
    parts.push(
      para(
        L(
          lc,
          'Every owed order is in: the step has been resolved. The result follows in a separate mail.',
          '必要な命令がすべて揃い、ステップを処理しました。結果は別のメールで届きます。',
        ),
      ),
    );
  else parts.push(renderOwed(input.owed, input.deadline, ctx.seat.timeZone, lc));
  const subject = input.subject
    ? `Re: ${input.subject.replace(/^(re|aw|sv|返信)\s*:\s*/i, '').replace(/^\[[^\]]*\]\s*/, '')}`
    : L(lc, 'Your orders', '命令の受付');
  const mail = envelope(ctx, 'reply', subject, parts);
  if (input.inReplyTo) {
    mail.inReplyTo = input.inReplyTo;
    mail.references = [...new Set([...mail.references, ...(input.references ?? []), input.inReplyTo])].slice(-20);
  }
  return mail;
}

/** HELP: the grammar and the seat's current legal choices. */
export function helpAnswer(locale: Locale, syntax: string, choices: ChoiceTree | null): Part[] {
  return [
    heading(L(locale, 'Order syntax', '命令の書き方')),
    pre(syntax),
    heading(L(locale, 'Your choices now', '現在の選択肢')),
    renderChoices(choices, locale),
  ];
}

/** STATUS: the seat's board as a table (or, for a board without spaces, its view) and its current orders. */
export function statusAnswer(
  locale: Locale,
  board: Board | null,
  view: unknown,
  step: { number: number; status: string },
  ordersIn: string[] | null,
): Part[] {
  const parts = [
    heading(
      L(locale, `Status at step ${step.number} (${step.status})`, `ステップ ${step.number} の状況 (${step.status})`),
    ),
  ];
  const map = renderMap(board, locale);
  if (map.text) parts.push(map);
  else parts.push(pre(JSON.stringify(view, null, 2).slice(0, 20_000)));
  if (ordersIn) parts.push(pre(`${L(locale, 'Your current orders', '現在の命令')}:\n${ordersIn.join('\n') || '-'}`));
  return parts;
}

/**
 * The answer to a mail that could not be authenticated. Bilingual, and says nothing about any game, seat or
 * address: the sender may be anyone.
 */
export function composeRefusal(input: {
  to: string;
  reason: 'unauthenticated' | 'too-large' | 'unreadable';
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
    html: `<pre>${esc(text)}</pre>`,
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
