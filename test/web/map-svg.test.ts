import { describe, expect, it } from 'vitest';
import { getGame } from '../../src/games/index.ts';
import { startGame, viewOf } from '../../src/engine/step-runner.ts';
import { renderMapModelSvg, renderMapSvg, xmlEscape } from '../../src/web/map-svg.ts';
import { toMapModel, ubCapacityFor, type MapModel } from '../../src/web/map-model.ts';

const aw = getGame('atlantic-wolves')!;

function model(over: Partial<MapModel> = {}): MapModel {
  return {
    turn: 3,
    lastTurn: 5,
    vp: 2,
    reconstructed: false,
    offMap: [],
    adjacency: [['A', 'B']],
    areas: [
      { id: 'A', name: { en: 'Central Gap', ja: '中央ギャップ' }, capacity: 2, ubCapacity: 1, units: [
        { id: 'c1', side: 'allied', kind: 'convoy', strength: 6, number: 11, vp: 2 },
        { id: 'd1', side: 'allied', kind: 'dd', nation: 'GB', strength: 3, number: 21 },
        { id: 'x', side: 'allied', kind: 'unknown', faceDown: true },
        { id: 'u1', side: 'german', kind: 'ub', strength: 2, number: 41, damage: 2 },
      ] },
      { id: 'B', name: { en: 'Other <sea>', ja: '他の海' }, capacity: 3, ubCapacity: 2, units: [] },
    ],
    ...over,
  };
}

describe('map SVG', () => {
  it('draws areas, counters, capacities, the turn and the VP table', () => {
    const svg = renderMapModelSvg(model(), 'en');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('data-area="A"');
    expect(svg).toContain('data-unit="c1"');
    expect(svg).toContain('Allied 3/2'); // over capacity: shown (and outlined in red)
    expect(svg).toContain('#c0392b');
    expect(svg).toContain('>-2<'); // UB damage badge
    expect(svg).toContain('German VP table: +2');
    expect(svg).toMatch(/<title>\?<\/title>/); // the face-down unit shows only its back
  });

  it('escapes every text and contains no script or style', () => {
    const svg = renderMapModelSvg(model(), 'en');
    expect(svg).toContain('Other &lt;sea&gt;');
    expect(svg).not.toMatch(/<script|<style|\sstyle=|href=/i);
    expect(xmlEscape(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
  });

  it('speaks Japanese and stacks the areas in a column for phones', () => {
    const ja = renderMapModelSvg(model(), 'ja');
    expect(ja).toContain('中央ギャップ');
    expect(ja).toContain('ドイツ軍VP表');
    const col = renderMapModelSvg(model(), 'en', { layout: 'column' });
    expect(col).toMatch(/viewBox="0 0 340 /);
  });

  it('is a pure function of the view: the same input gives the same picture', () => {
    const started = startGame(aw, { mode: 'mail', secret: 'x' });
    if (!started.ok) throw new Error('setup failed');
    const view = viewOf(aw, started.envelope, { kind: 'seat', seat: 'allied' });
    const a = renderMapSvg(view, aw.defaultData, 'en');
    expect(renderMapSvg(view, aw.defaultData, 'en')).toBe(a);
    const m = toMapModel(view, aw.defaultData);
    expect(m.areas.map((x) => x.name.en).sort()).toEqual(['African Coast', 'American Coast', 'Caribbean', 'Central Gap', 'Western Approaches']);
    expect(m.turn).toBe(1);
    expect(m.vp).toBe(3);
    expect(m.adjacency.length).toBeGreaterThan(0);
  });

  it.each([
    [5, 1, 5],
    [5, 3, 4],
    [5, 5, 3],
    [1, 5, 0],
  ])('UB capacity of printed %i on turn %i is %i (AW 10.0-E2, AW-A19)', (cap, turn, want) => {
    expect(ubCapacityFor(cap, turn)).toBe(want);
  });
});
