/**
 * The mail's picture of every registered game: the region of the map around the first seat's decision, drawn to PNG
 * by the mails' renderer (resvg) at twice its size, in both languages. A region cuts spaces at its edge, which is
 * where a renderer can fail (a group's opacity across the edge once crashed it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { renderBoardSvg } from '../../src/board-view/map-svg.ts';
import { games } from '../../src/games/index.ts';
import { MapPictures, pictureFonts } from '../../src/mail/map-image.ts';

const pictures = new MapPictures(pictureFonts());
afterAll(async () => {
  await pictures.close();
});

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('the region picture of every registered game', () => {
  for (const game of Object.values(games))
    it.each(['en', 'ja'] as const)(
      `${game.id} (%s) renders to a PNG a phone shows sharp`,
      async (locale) => {
        const mode = game.modes[0];
        const state = game.setup({ mode, options: game.optionsSchema.parse({}), data: game.defaultData });
        const seat = game.sides(mode)[0].seat;
        const board = game.board(state, { kind: 'seat', seat });
        const svg = renderBoardSvg(board, locale, { crop: true, focus: game.choices(state, seat) });
        const width = Number(/<svg [^>]*?width="(\d+)"/.exec(svg)![1]);
        expect(width).toBeLessThanOrEqual(420);
        const png = await pictures.render(svg);
        expect(pngSize(png).width).toBe(2 * width);
        expect(png.length).toBeLessThan(200_000);
      },
      30_000,
    );
});
