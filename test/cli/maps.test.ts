/**
 * The maps on the real theatre (`npm run maps`, src/cli/maps/): every committed map file equals a fresh generation
 * from its game's config (so anyone can rebuild it from world-atlas), every shipped data set carries it, and every
 * named place sits where it should: Operation Crusader's points at their real places and on the areas that list
 * them, Grand Fleet's named hexes on their places, Fin-Napoleon's capitals in their areas, Atlantic Wolves' seas
 * under their panels.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hexCentre } from '../../src/board-view/hex-grid.ts';
import { generateMap, placeOf, projectionOf } from '../../src/cli/maps/generate.ts';
import { mapFiles, mapText } from '../../src/cli/maps/main.ts';
import { distanceToRing, inside } from '../../src/cli/maps/plane.ts';
import type { Point } from '../../src/engine/board.ts';
import { boardOf, startGame } from '../../src/engine/step-runner.ts';
import { type GeoConfig, type Geography, geographySchema, type LonLat } from '../../src/engine/geography.ts';
import { AREA_POSITIONS, PANEL_WIDTH } from '../../src/games/atlantic-wolves/data/board-layout.ts';
import { defaultData as aw } from '../../src/games/atlantic-wolves/data/default-data.ts';
import { GEOGRAPHY as AW_GEO } from '../../src/games/atlantic-wolves/data/geography.ts';
import { defaultData as fn } from '../../src/games/fin-napoleon/data/default-data.ts';
import { GEOGRAPHY as FN_GEO } from '../../src/games/fin-napoleon/data/geography.ts';
import { defaultData as gf } from '../../src/games/grand-fleet/data/default-data.ts';
import { defaultData as oc } from '../../src/games/operation-crusader/data/default-data.ts';
import { GEOGRAPHY as OC_GEO } from '../../src/games/operation-crusader/data/geography.ts';
import { getGame } from '../../src/games/index.ts';

const config = async (file: string): Promise<GeoConfig> => ((await import(file)) as { GEOGRAPHY: GeoConfig }).GEOGRAPHY;
const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Frame units per kilometre of a map, near a place. */
function unitsPerKm(c: GeoConfig, at: LonLat): number {
  const p = projectionOf(c);
  return dist(placeOf(p, at), placeOf(p, [at[0], at[1] + 1])) / 111.2;
}

describe('the committed maps', () => {
  const files = mapFiles();

  it('are one per game with a geography: the four games', () => {
    expect(files.map((f) => f.id)).toEqual(['atlantic-wolves', 'fin-napoleon', 'grand-fleet', 'operation-crusader']);
  });

  it.each(files.map((f) => [f.id, f] as const))(
    '%s: the committed file equals a fresh generation and is the shipped data set geography',
    async (_id, f) => {
      const text = mapText(await config(f.config));
      expect(readFileSync(f.map, 'utf8')).toBe(text);
      const geo = geographySchema.parse(JSON.parse(text));
      const shipped = { 'atlantic-wolves': aw, 'fin-napoleon': fn, 'grand-fleet': gf, 'operation-crusader': oc }[f.id];
      expect(shipped?.geography).toEqual(geo);
      expect(geo.land.length).toBeGreaterThan(0);
      expect(geo.reconstructed).toBe(true);
    },
    60_000,
  );
});

describe('Operation Crusader on Cyrenaica and Marmarica', () => {
  const geo = oc.geography as Geography;
  /** The real places (longitude, latitude) of the named points. */
  const REAL: Record<string, LonLat> = {
    gazala: [23.33, 32.13],
    acroma: [23.73, 32.01],
    tobruk: [23.96, 32.08],
    'el-adem': [23.92, 31.86],
    'sidi-rezegh': [24.17, 31.83],
    gambut: [24.51, 31.93],
    bardia: [25.08, 31.76],
    capuzzo: [25.05, 31.6],
    sollum: [25.16, 31.56],
    halfaya: [25.23, 31.5],
    'sidi-omar': [24.96, 31.4],
    'bir-hakeim': [23.48, 31.6],
    'bir-el-gubi': [23.86, 31.47],
    'gabr-saleh': [24.47, 31.38],
    maddalena: [24.97, 30.93],
  };

  it('draws every named point within 4 km of its real place', () => {
    const projection = projectionOf(OC_GEO);
    for (const [id, at] of Object.entries(REAL)) {
      const p = oc.points.find((q) => q.id === id)!;
      const km = dist([p.x, p.y], placeOf(projection, at)) / unitsPerKm(OC_GEO, at);
      expect(km, id).toBeLessThan(4);
    }
  });

  it('puts every point in or on the edge of each area that lists it, and Tobruk and Bardia on the coast', () => {
    for (const a of oc.areas) {
      const outline = geo.regions[a.id].outline as Point[];
      for (const id of a.points) {
        const p = oc.points.find((q) => q.id === id)!;
        const at: Point = [p.x, p.y];
        expect(inside(at, outline) || distanceToRing(at, outline) < 60, `${id} in area ${a.id}`).toBe(true);
      }
    }
    const coast = geo.land[0] as Point[];
    for (const id of ['tobruk', 'bardia', 'sollum']) {
      const p = oc.points.find((q) => q.id === id)!;
      expect(distanceToRing([p.x, p.y], coast), id).toBeLessThan(40);
    }
  });

  it('places each area name and pieces inside its area and clear of every point', () => {
    for (const a of oc.areas) {
      const r = geo.regions[a.id];
      for (const at of [r.anchor, r.label ?? r.anchor] as Point[]) {
        expect(inside(at, r.outline as Point[]), a.id).toBe(true);
        for (const p of oc.points) expect(dist(at, [p.x, p.y]), `${a.id} / ${p.id}`).toBeGreaterThan(30);
      }
    }
  });
});

describe('Grand Fleet on the North Sea', () => {
  const geo = gf.geography as Geography;
  const grid = { ...geo.hexGrid!, orientation: 'pointy' as const, coordinates: 'odd-r' as const };

  it('lays the grid so that each named hex holds its place (Scapa Flow ... the Ems)', () => {
    const named = gf.hexes.filter((h) => h.name);
    expect(named.map((h) => h.name!.en)).toEqual(
      expect.arrayContaining(['Scapa Flow', 'Firth of Forth', 'Tyne', 'Humber', 'Yarmouth', 'Horns Reef', 'Sylt']),
    );
    expect(named.map((h) => h.name!.en)).toEqual(
      expect.arrayContaining(['Jade', 'Heligoland', 'Wilhelmshaven', 'Ems']),
    );
    for (const h of named) {
      const place = geo.places[h.id] as Point;
      expect(place, h.id).toBeDefined();
      // Inside the hex: nearer its centre than the hex's inner radius.
      expect(dist(place, hexCentre(grid, h.col, h.row)), h.name!.en).toBeLessThan((grid.size * Math.sqrt(3)) / 2);
    }
  });

  it('keeps the hexes legible: a hex at least 58 units across of the 1000 drawn', () => {
    expect((grid.size * 1000) / geo.width).toBeGreaterThan(58);
  });
});

describe('Fin-Napoleon on Europe about 1806', () => {
  const geo = fn.geography as Geography;
  const CAPITALS: [string, string, LonLat][] = [
    ['GB', 'London', [-0.13, 51.51]],
    ['FR', 'Paris', [2.35, 48.86]],
    ['SF', 'Lyon', [4.84, 45.76]],
    ['SP', 'Madrid', [-3.7, 40.42]],
    ['IT', 'Rome', [12.5, 41.9]],
    ['RH', 'Frankfurt', [8.68, 50.11]],
    ['PR', 'Berlin', [13.4, 52.52]],
    ['WA', 'Warsaw', [21.01, 52.23]],
    ['AU', 'Vienna', [16.37, 48.21]],
    ['WR', 'Vilnius', [25.28, 54.69]],
    ['RU', 'Moscow', [37.62, 55.75]],
  ];

  it.each(CAPITALS)('draws %s around %s', (id, _city, at) => {
    const p = placeOf(projectionOf(FN_GEO), at);
    expect(inside(p, geo.regions[id].outline as Point[])).toBe(true);
  });

  it('names the seas on open water', () => {
    for (const id of ['ATL', 'BAL', 'MED']) {
      const at = geo.regions[id].anchor as Point;
      expect(
        geo.land.some((ring) => inside(at, ring as Point[])),
        id,
      ).toBe(false);
    }
  });
});

describe('Atlantic Wolves on the North Atlantic', () => {
  it('puts each sea under its area panel', () => {
    const projection = projectionOf(AW_GEO);
    const geo = aw.geography as Geography;
    for (const [id, at] of Object.entries(AW_GEO.places!)) {
      const p = placeOf(projection, at);
      expect(dist(p, geo.places[id] as Point)).toBeLessThan(0.2);
      const [x, y] = AREA_POSITIONS[id];
      expect(p[0] > x && p[0] < x + PANEL_WIDTH && p[1] > y && p[1] < y + 200, id).toBe(true);
    }
  });

  it('generates the same map twice (no hidden state)', () => {
    expect(generateMap(AW_GEO)).toEqual(aw.geography);
  });
});

describe("a moderator's data set", () => {
  const sets = { 'atlantic-wolves': aw, 'grand-fleet': gf, 'fin-napoleon': fn, 'operation-crusader': oc } as const;

  it.each(Object.keys(sets))('%s: without geography the board is drawn as before; a stray region is refused', (id) => {
    const game = getGame(id)!;
    const shipped = sets[id as keyof typeof sets] as unknown as { geography: Geography };
    const drawn = startGame(game, { mode: game.modes[0], secret: 'maps', data: shipped });
    if (!drawn.ok) throw new Error(JSON.stringify(drawn.errors));
    const withMap = boardOf(game, drawn.envelope, { kind: 'public' });
    expect(withMap.map.width).toBe(shipped.geography.width);
    expect(withMap.map.shapes?.length).toBe(shipped.geography.land.length);

    const plain = startGame(game, { mode: game.modes[0], secret: 'maps', data: { ...shipped, geography: undefined } });
    if (!plain.ok) throw new Error(JSON.stringify(plain.errors));
    const board = boardOf(game, plain.envelope, { kind: 'public' });
    expect(board.spaces.some((s) => s.geometry?.shape === 'polygon')).toBe(false);
    expect(board.map.shapes?.length ?? 0).not.toBe(shipped.geography.land.length);

    const stray = {
      ...shipped.geography,
      regions: {
        ...shipped.geography.regions,
        nowhere: {
          outline: [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          anchor: [0, 0],
        },
      },
    };
    const refused = startGame(game, { mode: game.modes[0], secret: 'maps', data: { ...shipped, geography: stray } });
    expect(refused.ok ? [] : refused.errors.join(' ')).toContain('geography: region of unknown space nowhere');
  });
});
