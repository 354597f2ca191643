import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/engine/board.ts';
import { getGame } from '../../src/games/index.ts';
import { toyBoard } from '../../src/games/toy/view/board.ts';
import { advance, boardOf, startGame, type Envelope } from '../../src/engine/step-runner.ts';
import { hexCentre } from '../../src/board-view/hex-grid.ts';
import { renderBoardSvg, xmlEscape } from '../../src/board-view/map-svg.ts';
import { hexBoard, panelBoard, pointBoard } from './boards.ts';

const aw = getGame('atlantic-wolves')!;

/** An Atlantic Wolves game played with default orders up to the first decision point `stop` (or the end). */
function awGame(mode: 'mail' | 'standard', stop: string): Envelope {
  const started = startGame(aw, { mode, secret: 'map-test' });
  if (!started.ok) throw new Error('setup failed');
  let env = started.envelope;
  for (let i = 0; i < 60; i++) {
    const owed = aw.owed(env.state);
    if ((!owed.length && aw.outcome(env.state)) || owed[0]?.point === stop) break;
    const orders = Object.fromEntries(owed.map((o) => [o.seat, aw.defaultOrders(env.state, o.seat)]));
    const next = advance(aw, env, orders);
    if (!next.ok) throw new Error(JSON.stringify(next.errors));
    env = next.envelope;
  }
  return env;
}

/** Attribute values of every element of a tag, e.g. all `<text font-size>`. */
function attrs(svg: string, tag: string, attr: string): string[] {
  return [...svg.matchAll(new RegExp(`<${tag}\\b[^>]*\\s${attr}="([^"]*)"`, 'g'))].map((m) => m[1]);
}

const viewBoxWidth = (svg: string): number => Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)![1]);

describe('map SVG of area panels', () => {
  it('draws areas, counters, limits, the face-down back and the tracks', () => {
    const svg = renderBoardSvg(panelBoard(), 'en');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('data-area="A"');
    expect(svg).toContain('data-unit="c1"');
    expect(svg).toContain('cap. 2 · Red 3/2'); // over its limit: shown, and outlined in red
    expect(svg).toMatch(/<rect [^>]*stroke="#c0392b" stroke-width="4"/);
    expect(svg).toContain('>-2<'); // damage badge
    expect(svg).toContain('VP table: +2');
    expect(svg).toMatch(/<title>\?<\/title>/); // the face-down piece shows only its back
    expect(svg).toContain('fill="#7b241c"'); // in its side's back colour
  });

  it('escapes every text and contains no script or style', () => {
    const svg = renderBoardSvg(panelBoard(), 'en');
    expect(svg).toContain('Other &lt;sea&gt;');
    expect(svg).not.toMatch(/<script|<style|\sstyle=|href=/i);
    expect(xmlEscape(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });

  it('speaks Japanese and stacks the panels in a column for phones', () => {
    const ja = renderBoardSvg(panelBoard(), 'ja');
    expect(ja).toContain('中央ギャップ');
    expect(ja).toContain('VP表: +2');
    const col = renderBoardSvg(panelBoard(), 'en', { layout: 'column' });
    expect(viewBoxWidth(col)).toBe(340);
    const ys = attrs(col, 'rect class="panel" data-space', 'y').map(Number);
    expect(ys).toHaveLength(2);
    expect(ys[1]).toBeGreaterThan(ys[0] + 100); // one above the other
  });
});

describe('map SVG of a hex grid', () => {
  it.each(['odd-r', 'axial'] as const)(
    'puts each hex where its %s coordinates say, numbered, with VP and flags',
    (coords) => {
      const board = hexBoard(coords);
      const svg = renderBoardSvg(board, 'en');
      const scale = 1000 / board.map.width;
      for (const [code, col, row] of [
        ['101', 0, 0],
        ['203', 2, 1],
        ['406', 5, 3],
      ] as const) {
        const poly = new RegExp(`<polygon class="hex" data-space="h${code}" points="([^"]+)"`).exec(svg)!;
        const corners = poly[1].split(' ').map((p) => p.split(',').map(Number));
        const cx = corners.reduce((a, p) => a + p[0], 0) / 6;
        const cy = corners.reduce((a, p) => a + p[1], 0) / 6;
        const [ex, ey] = hexCentre(board.map.hexGrid!, col, row);
        expect(cx).toBeCloseTo(ex * scale, 0);
        expect(cy).toBeCloseTo(ey * scale, 0);
      }
      expect(svg).toMatch(/>101<\/text>/);
      expect(svg).toMatch(/fill="#c0392b">3<\/text>/); // VP 3 printed in red on hex 303
      expect(svg).toMatch(/data-space="h104"[^>]*opacity="0.45"/); // a prohibited hex is drawn faintly
      expect(svg).toContain('<title>Red</title>'); // Scapa's flag
    },
  );

  it('odd rows of an odd-r grid sit half a hex to the right; axial rows drift by half a hex each', () => {
    const g = hexBoard('odd-r').map.hexGrid!;
    const w = Math.sqrt(3) * g.size;
    expect(hexCentre(g, 0, 1)[0] - hexCentre(g, 0, 0)[0]).toBeCloseTo(w / 2);
    expect(hexCentre(g, 0, 2)[0]).toBeCloseTo(hexCentre(g, 0, 0)[0]);
    expect(hexCentre(g, 1, 0)[0] - hexCentre(g, 0, 0)[0]).toBeCloseTo(w);
    const a = { ...g, coordinates: 'axial' as const };
    expect(hexCentre(a, 0, 2)[0] - hexCentre(a, 0, 0)[0]).toBeCloseTo(w);
    const flat = { ...g, orientation: 'flat' as const, coordinates: 'odd-q' as const };
    expect(hexCentre(flat, 1, 0)[1] - hexCentre(flat, 0, 0)[1]).toBeCloseTo(w / 2);
  });

  it('shows face-down markers as backs, a crowded hex as "+n", and the fleet chart boxes off the map', () => {
    const svg = renderBoardSvg(hexBoard(), 'en');
    expect(svg).toContain('data-unit="hidden-1"');
    expect(svg).toContain('>+2<'); // five markers on hex 305: three drawn, the rest as +2
    expect(svg).toContain('Red fleet chart');
    expect(svg).toContain('DD 2 · ships 6/5'); // over its capacity
    expect(svg).toContain('data-space="dd1"');
    expect(svg).toContain('VP: -2');
  });
});

describe('map SVG of points and roads', () => {
  it('draws points, the roads between them and the areas around them', () => {
    const board = pointBoard();
    const svg = renderBoardSvg(board, 'en');
    const scale = 1000 / board.map.width;
    const at = (x: number, y: number) => [x * scale, y * scale];
    const [tx, ty] = at(200, 200);
    expect(svg).toContain(`<circle cx="${tx}" cy="${ty}" r="7" fill="#b03a2e"`); // Tobruk, held by Red
    const lines = [...svg.matchAll(/<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" ([^/]*)\/>/g)];
    expect(lines).toHaveLength(2); // the areas' shared border is implicit: not drawn
    expect(lines.map((m) => m.slice(1, 5).map(Number))).toEqual([
      [...at(200, 200), ...at(600, 200)],
      [...at(600, 200), ...at(400, 320)],
    ]);
    expect(lines[1][5]).toContain('stroke-dasharray'); // the minor road is dashed, the road is not
    expect(lines[0][5]).not.toContain('stroke-dasharray');
    expect(svg).toContain('data-area="a11"');
    expect(svg).toContain('<title>21st Panzer</title>');
    expect(svg).toContain('Off the map');
    expect(renderBoardSvg(board, 'ja')).toContain('トブルク');
  });
});

describe('every kind of map on a phone', () => {
  const boards: [string, () => Board][] = [
    ['panels', panelBoard],
    ['hexes', () => hexBoard()],
    ['points', pointBoard],
    ['toy', () => toyBoard({ step: 1, rounds: 4, score: { a: 3, b: 0 }, notes: {} }, { kind: 'seat', seat: 'a' })],
    ['Atlantic Wolves', () => boardOf(aw, awGame('mail', 'AW-D9'), { kind: 'seat', seat: 'allied' })],
  ];
  it.each(boards)('%s: the column layout fits a 360-pixel screen with every text at 7 px or more', (_name, make) => {
    const svg = renderBoardSvg(make(), 'en', { layout: 'column' });
    const px = 360 / viewBoxWidth(svg);
    expect(viewBoxWidth(svg)).toBeLessThanOrEqual(400);
    const sizes = attrs(svg, 'text', 'font-size').map(Number);
    expect(sizes.length).toBeGreaterThan(5);
    expect(Math.min(...sizes) * px).toBeGreaterThanOrEqual(7);
  });
});

describe('the Atlantic Wolves board', () => {
  it('draws the five printed areas where they lie, from the board alone, the same every time', () => {
    const env = awGame('mail', 'AW-D9');
    const board = boardOf(aw, env, { kind: 'seat', seat: 'allied' });
    expect(
      board.spaces
        .filter((s) => s.kind === 'area')
        .map((s) => s.name.en)
        .sort(),
    ).toEqual(['African Coast', 'American Coast', 'Caribbean', 'Central Gap', 'Western Approaches']);
    const svg = renderBoardSvg(board, 'en');
    expect(renderBoardSvg(boardOf(aw, env, { kind: 'seat', seat: 'allied' }), 'en')).toBe(svg);
    expect(svg).toMatch(/<rect class="panel" data-space="CG" x="340" y="40" width="320"/);
    expect(svg).toContain(
      `German VP table: ${board.summary.scores[0].value > 0 ? '+' : ''}${board.summary.scores[0].value}`,
    );
    expect(svg).toContain('1942 H1');
    expect(board.connections.length).toBeGreaterThan(0);
  });

  it.each([
    [5, 1, 5],
    [5, 3, 4],
    [5, 5, 3],
    [1, 5, 0],
  ])('printed capacity %i on turn %i allows %i UBs (AW 10.0-E2, AW-A19)', (cap, turn, want) => {
    const env = awGame('mail', 'AW-D9');
    const state = env.state as { turn: number; data: { areas: { id: string; capacity: number }[] } };
    const data = { ...state.data, areas: state.data.areas.map((a) => (a.id === 'AF' ? { ...a, capacity: cap } : a)) };
    const board = aw.board({ ...state, turn, data }, { kind: 'moderator' });
    const af = board.spaces.find((s) => s.id === 'AF')!;
    expect(af.limits?.find((l) => l.side === 'german')?.max).toBe(want);
  });

  it('carries nothing the viewer may not see: the German sees backs of Allied units placed face down', () => {
    const env = awGame('standard', 'AW-D5');
    const german = boardOf(aw, env, { kind: 'seat', seat: 'german' });
    const moderator = boardOf(aw, env, { kind: 'moderator' });
    const onMap = (b: Board) => b.pieces.filter((p) => p.side === 'allied' && p.at !== 'used');
    const seen = new Set(
      onMap(german)
        .filter((p) => !p.faceDown)
        .map((p) => p.id),
    );
    const hidden = onMap(moderator).filter((p) => !seen.has(p.id));
    expect(hidden.length).toBeGreaterThan(0);
    expect(onMap(german)).toHaveLength(onMap(moderator).length); // every unit counted, per area
    for (const area of moderator.spaces)
      expect(onMap(german).filter((p) => p.at === area.id)).toHaveLength(
        onMap(moderator).filter((p) => p.at === area.id).length,
      );
    const text = JSON.stringify(german);
    for (const p of hidden) expect(text).not.toContain(`"${p.id}"`);
    for (const p of onMap(german).filter((q) => q.faceDown))
      expect(Object.keys(p).sort()).toEqual(['at', 'faceDown', 'id', 'kind', 'side']);
    expect(renderBoardSvg(german, 'en')).toMatch(/<title>\?<\/title>/);
  });
});
