/** The welcome mail of a new game, in the seat's language, as text and HTML. Pure, like src/mail/compose-parts.ts. */
import type { GameEvent, Owed } from '../engine/types.ts';
import type { Board } from '../engine/board.ts';
import { ordersAddress, seatReplyAddress } from './addresses.ts';
import {
  type ComposedMail,
  envelope,
  heading,
  L,
  mapCid,
  mapParts,
  para,
  pre,
  type SeatMailContext,
} from './compose-parts.ts';
import { namesOf, renderOwed, type Part } from './render.ts';
import { moveSubject, replyTemplatePart } from './compose-action.ts';
import { eventSentences } from './compose-result.ts';

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
    /** What the game's set-up did before the first orders (its dice), as this seat may see it. */
    events?: GameEvent[];
    /** The reply template of the first orders (src/mail/compose-action.ts), when the seat owes any. */
    template?: string[] | null;
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
    ...(input.events?.length
      ? [
          heading(L(lc, 'The set-up', 'ゲームの準備')),
          eventSentences(game.describe, input.events, namesOf(game.data), lc),
        ]
      : []),
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
  const welcome = L(lc, `Welcome: you play ${seat.sideName.en}`, `ゲーム開始: ${seat.sideName.ja}`);
  const phase = input.board?.summary.phase[lc] ?? null;
  const move = moveSubject(lc, { owed: input.owed, deadline: input.deadline, timeZone: seat.timeZone, phase });
  const subject = move ? `${welcome} · ${move}` : welcome;
  if (input.template && input.owed.length)
    parts.push(...replyTemplatePart({ site: ctx.site, reader: ctx.seat }, input.template, subject));
  return envelope(ctx, 'welcome', subject, parts, { attachments: map.attachments });
}
