/**
 * Generates a game's map on the real theatre (src/engine/geography.ts) from its `GeoConfig`: Natural Earth land from
 * world-atlas, projected with d3-geo, clipped to the frame, simplified to the drawn scale; regions as cells clipped to
 * the land; named places projected; a hex grid fitted by least squares so that its named hexes sit on their places.
 * Pure and deterministic: the same config and world-atlas give the same data, which tests compare with the committed
 * files.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  type GeoProjection,
  type GeoStream,
  geoConicConformal,
  geoConicEqualArea,
  geoMercator,
  geoStream,
} from 'd3-geo';
import type { FeatureCollection, GeoJsonObject, MultiPolygon } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Point } from '../../engine/board.ts';
import type { GeoConfig, Geography, LonLat } from '../../engine/geography.ts';
import { fitHexGrid } from './hex-fit.ts';
import { centroid, clipConvex, signedArea, simplifyRing, voronoiCell } from './plane.ts';

const require = createRequire(import.meta.url);
const round = (v: number): number => Math.round(v * 10) / 10 + 0; // + 0: no -0
/** A point rounded to a tenth of a unit (the files' precision). */
const rp = (p: Point): [number, number] => [round(p[0]), round(p[1])];

/** The projection of a config, fitted so that its bounds fill the frame. */
export function projectionOf(c: GeoConfig): GeoProjection {
  const p = c.projection;
  const base =
    p.kind === 'mercator' ? geoMercator() : p.kind === 'conicConformal' ? geoConicConformal() : geoConicEqualArea();
  if (p.rotate) base.rotate(p.rotate);
  if (p.parallels && 'parallels' in base) (base as ReturnType<typeof geoConicConformal>).parallels([...p.parallels]);
  const [[w, s], [e, n]] = c.bounds;
  const edge: [number, number][] = [];
  for (let i = 0; i <= 8; i++) {
    const lon = w + ((e - w) * i) / 8;
    const lat = s + ((n - s) * i) / 8;
    edge.push([lon, s], [lon, n], [w, lat], [e, lat]);
  }
  return base.fitSize([c.width, c.height], { type: 'MultiPoint', coordinates: edge });
}

/** A projection followed by a bend of the plane. */
function bent(projection: GeoProjection, bend: (p: Point) => Point): GeoProjection {
  const f = ((at: [number, number]) => {
    const p = projection(at);
    return p ? bend(p as Point) : null;
  }) as GeoProjection;
  f.stream = (sink) =>
    projection.stream({
      ...sink,
      point: (x, y) => {
        const [bx, by] = bend([x, y]);
        sink.point(bx, by);
      },
    });
  return f;
}

/** The frame as a ring. */
const frameOf = (c: GeoConfig): Point[] => [
  [0, 0],
  [c.width, 0],
  [c.width, c.height],
  [0, c.height],
];

/**
 * The land of world-atlas at a scale, as GeoJSON: each outline cut (in longitude and latitude) to the theatre's bounds
 * and a margin, so that no ring crosses the antimeridian or reaches a pole.
 */
function naturalEarth(c: GeoConfig): GeoJsonObject {
  const topo = JSON.parse(readFileSync(require.resolve(`world-atlas/land-${c.land}.json`), 'utf8')) as Topology;
  const land = feature(topo, topo.objects.land) as unknown as FeatureCollection<MultiPolygon>;
  const [[w, s], [e, n]] = c.bounds;
  const m = Math.max(e - w, n - s) / 2;
  const box: Point[] = [
    [w - m, Math.max(-80, s - m)],
    [e + m, Math.max(-80, s - m)],
    [e + m, Math.min(80, n + m)],
    [w - m, Math.min(80, n + m)],
  ];
  const coordinates = land.features
    .flatMap((f) => f.geometry.coordinates)
    .filter((poly) => !poly[0].some((p) => p[1] < -60)) // Antarctica: a ring round a pole
    .map((poly) => clipConvex(unwrapped(poly[0] as unknown as Point[]), box))
    .filter((ring) => ring.length >= 3)
    .map((ring) => [densify([...ring, ring[0]])]);
  return { type: 'MultiPolygon', coordinates } as unknown as MultiPolygon;
}

/**
 * A ring's longitudes made continuous (a ring across the antimeridian jumps from 180 to -180), then shifted by whole
 * turns so that most of it lies between -180 and 180.
 */
function unwrapped(ring: Point[]): Point[] {
  const out: Point[] = [];
  let shift = 0;
  for (let i = 0; i < ring.length; i++) {
    if (i && ring[i][0] + shift - out[i - 1][0] > 180) shift -= 360;
    else if (i && ring[i][0] + shift - out[i - 1][0] < -180) shift += 360;
    out.push([ring[i][0] + shift, ring[i][1]]);
  }
  const lons = out.map((p) => p[0]).sort((a, b) => a - b);
  const turn = Math.round(lons[Math.floor(lons.length / 2)] / 360) * 360;
  return out.map(([x, y]) => [x - turn, y]);
}

/** A ring with a vertex at least every degree, so that the cut's long edges follow their meridian or parallel. */
function densify(ring: Point[]): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const [a, b] = [ring[i], ring[i + 1]];
    const steps = Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])));
    for (let k = 0; k < steps; k++) out.push([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps]);
  }
  out.push(ring[ring.length - 1]);
  return out;
}

/** The rings a projection draws of a GeoJSON object (cut at the antimeridian, not at the frame). */
function projectedRings(geo: GeoJsonObject, projection: GeoProjection): Point[][] {
  const rings: Point[][] = [];
  let cur: Point[] | null = null;
  const sink: GeoStream = {
    point: (x, y) => cur?.push([x, y]),
    lineStart: () => {
      cur = [];
    },
    lineEnd: () => {
      if (cur && cur.length > 2) rings.push(cur);
      cur = null;
    },
    polygonStart: () => {},
    polygonEnd: () => {},
    sphere: () => {},
  };
  geoStream(geo as Parameters<typeof geoStream>[0], projection.stream(sink));
  return rings;
}

/** The land in the frame: outer rings only, simplified, small islands dropped, largest first. */
function landRings(c: GeoConfig, projection: GeoProjection): [number, number][][] {
  const frame = frameOf(c);
  const all = projectedRings(naturalEarth(c), projection);
  const outer = Math.sign(
    signedArea(all.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a))),
  );
  const rings = all
    .filter((r) => Math.sign(signedArea(r)) === outer)
    .map((r) => clipConvex(r, frame))
    .filter((r) => r.length >= 3);
  const outerSign = Math.sign(
    signedArea(rings.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a))),
  );
  return rings
    .filter((r) => Math.sign(signedArea(r)) === outerSign)
    .map((r) => simplifyRing(r, c.tolerance).map(rp))
    .filter((r) => r.length >= 3 && Math.abs(signedArea(r)) >= c.minArea)
    .sort((a, b) => Math.abs(signedArea(b)) - Math.abs(signedArea(a)));
}

/** Where a place falls in the frame. */
export function placeOf(projection: GeoProjection, at: LonLat): Point {
  const p = projection([at[0], at[1]]);
  if (!p) throw new Error(`${at} cannot be projected`);
  return p as Point;
}

/** The regions: each cell (given, or its seed's Voronoi cell) clipped to the land (its largest piece). */
function regionsOf(c: GeoConfig, projection: GeoProjection, land: Point[][]): Geography['regions'] {
  const out: Geography['regions'] = {};
  const entries = Object.entries(c.regions ?? {});
  const seeds = entries.filter(([, r]) => r.seed).map(([id, r]) => [id, placeOf(projection, r.seed!)] as const);
  const neutral = (c.neutralSeeds ?? []).map((s) => placeOf(projection, s));
  for (const [id, r] of entries) {
    let parts: Point[][];
    if (r.cell) parts = r.cell.map((part) => part.map((q) => placeOf(projection, q)));
    else {
      const me = seeds.find(([k]) => k === id)![1];
      const others = [...seeds.filter(([k]) => k !== id).map(([, p]) => p), ...neutral];
      parts = [voronoiCell(me, others, c.width, c.height)];
    }
    const frame = frameOf(c);
    const clipped = parts.map((part) => {
      if (!r.land) return clipConvex(part, frame).map(rp);
      const pieces = land.map((ring) => clipConvex(ring, part)).filter((p) => p.length >= 3);
      if (!pieces.length) throw new Error(`region ${id} holds no land`);
      return pieces.reduce((a, b) => (Math.abs(signedArea(b)) > Math.abs(signedArea(a)) ? b : a)).map(rp);
    });
    const outline = clipped.reduce((a, b) => joined(a, b, id));
    const anchor = r.anchor ? placeOf(projection, r.anchor) : centroid(outline);
    const label = r.label ? { label: rp(placeOf(projection, r.label)) } : {};
    out[id] = { outline: dedupe(outline.map(rp)), anchor: rp(anchor), ...label };
  }
  return out;
}

const near = (a: Point, b: Point): boolean => Math.abs(a[0] - b[0]) <= 0.3 && Math.abs(a[1] - b[1]) <= 0.3;

/** Two rings of the same orientation sharing one edge (run opposite ways), joined into one ring along it. */
function joined<P extends Point>(a: P[], b: P[], id: string): P[] {
  for (let i = 0; i < a.length; i++) {
    const p = a[i];
    const q = a[(i + 1) % a.length];
    for (let j = 0; j < b.length; j++) {
      if (!near(b[j], q) || !near(b[(j + 1) % b.length], p)) continue;
      const fromA = [...a.slice(i + 1), ...a.slice(0, i + 1)]; // q ... p
      const fromB = [...b.slice(j + 2), ...b.slice(0, j + 2)].slice(0, b.length - 2); // after p ... before q
      return [...fromA, ...fromB];
    }
  }
  throw new Error(`region ${id}: its parts share no edge`);
}

const dedupe = (ring: [number, number][]): [number, number][] =>
  ring.filter((p, i) => {
    const q = ring[(i + ring.length - 1) % ring.length];
    return p[0] !== q[0] || p[1] !== q[1];
  });

/** A game's map generated from its config. */
export function generateMap(c: GeoConfig): Geography {
  const fitted = projectionOf(c);
  const hex = c.hexFit ? fitHexGrid(c.hexFit, fitted) : null;
  // With a hex grid, the map is bent so that the named hexes sit on their places.
  const projection = hex ? bent(fitted, hex.bend) : fitted;
  const land = landRings(c, projection);
  const places = Object.fromEntries([
    ...Object.entries(c.places ?? {}).map(([id, at]) => [id, rp(placeOf(projection, at))]),
    ...Object.entries(hex?.places ?? {}).map(([id, p]) => [id, rp(p)]),
  ]);
  const p = c.projection;
  return {
    source:
      `Natural Earth 1:${c.land} land (world-atlas), d3-geo ${p.kind}` +
      `${p.parallels ? ` parallels ${p.parallels.join(', ')}` : ''}, ` +
      `${c.bounds[0].join(' ')} to ${c.bounds[1].join(' ')}`,
    reconstructed: c.reconstructed,
    width: c.width,
    height: c.height,
    land,
    regions: regionsOf(c, projection, land),
    places,
    ...(hex ? { hexGrid: { size: round(hex.size), origin: rp(hex.origin) } } : {}),
  };
}
