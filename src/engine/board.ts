/**
 * The board a viewer sees, as typed data every game gives (`GameDefinition.board`) and every client draws: the web
 * map, the mail's table and the mail's picture read nothing else. A game builds it from its view of the state, so a
 * board carries only what that viewer may see.
 *
 * One shape covers every kind of map: areas drawn as panels or polygons (a few sea areas, a dozen land and sea
 * areas), hex grids (hex numbers, kinds, VP, flags), point-to-point maps (areas, towns and crossroads joined by
 * roads), boxes and holding
 * areas off the map (charts, boxes of a table, units in use), the tracks (turn, score, a level), and a
 * summary. Every text a player reads is given in English and Japanese; colours are CSS hex strings from the game's
 * data; coordinates are in the frame of `BoardMap` (x to the right, y down).
 */
import type { SeatId, Text } from './words.ts';

/** A colour as CSS hex, e.g. `#bcd6ea`. */
export type Colour = string;

/** An x, y position in the map's frame. */
export type Point = readonly [number, number];

/** One side whose pieces stand on the board (a seat, or a nation a seat runs among several). */
export interface BoardSide {
  id: string;
  name: Text;
  /** The side's colour: headings and owner marks. */
  colour: Colour;
  /** The back of its face-down pieces. */
  back?: Colour;
}

/**
 * How a hex grid's (col, row) coordinates read: `axial` (q, r), or an offset layout where the odd or even rows
 * (pointy hexes) or columns (flat hexes) are shifted by half a hex.
 */
export type HexCoordinates = 'axial' | 'odd-r' | 'even-r' | 'odd-q' | 'even-q';

/** The hex grid of a hex map: hex size (centre to corner) and origin in the map's frame. */
export interface HexGrid {
  size: number;
  orientation: 'pointy' | 'flat';
  coordinates: HexCoordinates;
  /** Where the centre of hex (0, 0) lies. */
  origin: Point;
}

/** How a kind of terrain or space is coloured, with its name for a legend. */
export interface TerrainStyle {
  name: Text;
  fill: Colour;
  stroke?: Colour;
  /** Not in play (prohibited hexes, land on a sea map): drawn faintly, pieces never stand there. */
  unused?: boolean;
}

/** A drawing under the spaces (coastlines, land), from the game's data. */
export interface MapShape {
  points: Point[];
  fill: Colour;
  stroke?: Colour;
}

/** The map's frame and its look: every geometry is in this frame, which the renderer scales to fit. */
export interface BoardMap {
  width: number;
  height: number;
  background: Colour;
  hexGrid?: HexGrid;
  terrain?: Record<string, TerrainStyle>;
  shapes?: MapShape[];
}

/**
 * Where a space lies. `rect`: a panel (its height grows with the pieces inside when omitted); `polygon`: an area's
 * outline (name and pieces at `anchor`, else at the outline's centre; the name at `label` when given, clear of the
 * points and pieces around); `hex`: a cell of `BoardMap.hexGrid`; `point`: a named point (a town, a crossroads).
 */
export type Geometry =
  | { shape: 'rect'; x: number; y: number; width: number; height?: number }
  | { shape: 'polygon'; points: Point[]; anchor?: Point; label?: Point }
  | { shape: 'hex'; col: number; row: number }
  | { shape: 'point'; x: number; y: number };

/**
 * What a space is: an `area` (sea or land area, a desert area), a `hex`, a named `point`, a `box` of a chart or
 * table (numbered boxes, a box of a turn record), or a `holding` area (units in use off the map, a cup).
 */
export type SpaceKind = 'area' | 'hex' | 'point' | 'box' | 'holding';

/** A limit on what a space holds, as data: drawn as `count/max` and outlined when exceeded (AW 6.0-C1 capacities). */
export interface SpaceLimit {
  label: Text;
  count: number;
  max: number;
  /** The side the limit applies to, when it applies to one. */
  side?: string;
}

/** One space of the board. A space without geometry is drawn off the map (boxes and holding areas in a tray). */
export interface Space {
  id: string;
  kind: SpaceKind;
  name: Text;
  geometry?: Geometry;
  /** A key of `BoardMap.terrain` (sea, land, proximity hex, prohibited hex). */
  terrain?: string;
  /** A short code printed on the space (a hex number). */
  code?: string;
  /** Facts printed on the space, one short phrase each (a capacity, a garrison). */
  notes?: Text[];
  limits?: SpaceLimit[];
  /** Victory points printed on the space. */
  vp?: number;
  /** The side that controls or owns it (a flag, a home area, a controlled point). */
  owner?: string;
  /** Sides whose row a panel shows even when empty, in this order (otherwise pieces are shown as one group). */
  sides?: string[];
  /** Off-map spaces sharing a group are drawn together under the group's name (a chart, a table). */
  group?: Text;
}

/** How a connection between two spaces is drawn: land adjacency, a road (by class), a sea lane. */
export type ConnectionKind = 'adjacent' | 'road' | 'minor-road' | 'rail' | 'sea';

/** A connection between two spaces (movement, adjacency, supply lines). */
export interface Connection {
  from: string;
  to: string;
  kind: ConnectionKind;
  name?: Text;
  /** Shown by the geometry already (two polygons sharing a border, hex neighbours): listed, not drawn. */
  implicit?: boolean;
}

/** A piece's colours from the game's data: its face, an optional band across the top and a lower-right half. */
export interface PieceColours {
  fill: Colour;
  band?: Colour;
  split?: Colour;
}

/**
 * One piece the viewer sees. A face-down piece (`faceDown`) shows only its back: it carries no kind, label, values
 * or id that would tell what it is (its id then says nothing, e.g. `hidden-3`).
 */
export interface Piece {
  id: string;
  /** The space it stands in. */
  at: string;
  side: string;
  /** The game's kind of piece (as the game's data names it); empty when face down. */
  kind: string;
  name?: Text;
  /** Short tag printed top left (`CV`, `DD`, `BB`). */
  label?: Text;
  /** Printed top right (a unit number, `☆23`). */
  number?: string;
  /** The large value in the middle (strength, bombardment value), e.g. `4` or `3 3`. */
  strength?: string;
  /** Steps left of the piece's full steps (a unit that loses strength step by step). */
  steps?: { left: number; full: number };
  /** Printed along the bottom (`VP2`). */
  note?: Text;
  /** Damage taken this turn or steps lost: a red badge. */
  damage?: number;
  /** Identical pieces shown as one counter (one nation's armies in one area). */
  count?: number;
  faceDown?: boolean;
  /** Face down in play but known to this viewer: drawn with its front and a dashed edge. */
  placedFaceDown?: boolean;
  colours?: PieceColours;
  /** Status marks (out of supply, activated, attacked). */
  marks?: Text[];
}

/** A marker on a track. */
export interface TrackMarker {
  value: number;
  label?: Text;
  side?: string;
}

/**
 * A track printed on the board. `turn`: numbered boxes, the current one marked; `score`: a signed difference (a VP
 * table: the value is shown with its sign and in the track's title); `level`: a count that rises and falls. A track with
 * no `min` or `max` is unbounded: a window around the markers and `origin` is drawn.
 */
export interface Track {
  id: string;
  kind: 'turn' | 'score' | 'level';
  name: Text;
  min?: number;
  max?: number;
  /** The box kept in view of a long track (0 of a VP difference). */
  origin?: number;
  markers: TrackMarker[];
  /** Box labels by value (a turn's date). */
  labels?: Record<number, Text>;
  /** Tints of the boxes below and above `origin` (whose side a score favours). */
  tints?: { below: Colour; above: Colour };
}

/** A score shown in the summary. */
export interface BoardScore {
  label: Text;
  value: number;
  /** Shown with its sign (a difference). */
  signed?: boolean;
}

/** The state of play in a few words: turn, phase, scores, whose move it is, and the result once over. */
export interface BoardSummary {
  turn: number;
  lastTurn?: number;
  turnLabel?: Text;
  phase: Text;
  scores: BoardScore[];
  /** The seats whose move it is now. */
  toMove: { seat: SeatId; name: Text }[];
  result?: Text;
}

/** The board for one viewer. */
export interface Board {
  title: Text;
  sides: BoardSide[];
  map: BoardMap;
  spaces: Space[];
  connections: Connection[];
  pieces: Piece[];
  tracks: Track[];
  summary: BoardSummary;
  /** Remarks printed with the map (e.g. "reconstructed data"). */
  notes?: Text[];
}

/**
 * A board with no map: the sides and the summary alone. For a game whose map is not drawn yet (and small test games);
 * the web page and the mails then show the summary and no map.
 */
export function boardWithoutMap(title: Text, sides: BoardSide[], summary: BoardSummary): Board {
  return {
    title,
    sides,
    map: { width: 320, height: 40, background: '#ffffff' },
    spaces: [],
    connections: [],
    pieces: [],
    tracks: [],
    summary,
  };
}

/** The turn track of a game of `turns` turns numbered from 1, `turn` marked. */
export function turnTrack(turns: number, turn: number): Track {
  return {
    id: 'turn',
    kind: 'turn',
    name: { en: 'Turn', ja: 'ターン' },
    min: 1,
    max: turns,
    markers: [{ value: turn }],
  };
}
