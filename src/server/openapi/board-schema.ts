/**
 * The board a viewer sees (src/engine/board.ts) as a zod schema of the API's responses: the OpenAPI document
 * describes it field by field, so that a generated client can draw the map without reading the engine's types.
 * Objects are strict on output: a field the engine adds without adding it here is a test failure
 * (test/api/openapi-contract.test.ts), never a field fastify drops silently.
 */
import { z } from 'zod';
import { text } from './shared-schemas.ts';

const colour = z.string().describe('CSS hex colour, e.g. #bcd6ea');
const point = z.tuple([z.number(), z.number()]).describe('x, y in the frame of the map');

const boardSide = z.object({ id: z.string(), name: text, colour, back: colour.optional() });

const hexGrid = z.object({
  size: z.number(),
  orientation: z.enum(['pointy', 'flat']),
  coordinates: z.enum(['axial', 'odd-r', 'even-r', 'odd-q', 'even-q']),
  origin: point,
});

const terrainStyle = z.object({ name: text, fill: colour, stroke: colour.optional(), unused: z.boolean().optional() });

const boardMap = z.object({
  width: z.number(),
  height: z.number(),
  background: colour,
  hexGrid: hexGrid.optional(),
  terrain: z.record(z.string(), terrainStyle).optional(),
  shapes: z.array(z.object({ points: z.array(point), fill: colour, stroke: colour.optional() })).optional(),
});

const geometry = z.discriminatedUnion('shape', [
  z.object({
    shape: z.literal('rect'),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number().optional(),
  }),
  z.object({ shape: z.literal('polygon'), points: z.array(point), anchor: point.optional(), label: point.optional() }),
  z.object({ shape: z.literal('hex'), col: z.number(), row: z.number() }),
  z.object({ shape: z.literal('point'), x: z.number(), y: z.number() }),
]);

const space = z.object({
  id: z.string(),
  kind: z.enum(['area', 'hex', 'point', 'box', 'holding']),
  name: text,
  geometry: geometry.optional(),
  terrain: z.string().optional().describe('a key of map.terrain'),
  code: z.string().optional(),
  notes: z.array(text).optional(),
  limits: z
    .array(z.object({ label: text, count: z.number(), max: z.number(), side: z.string().optional() }))
    .optional(),
  vp: z.number().optional(),
  owner: z.string().optional(),
  sides: z.array(z.string()).optional(),
  group: text.optional(),
});

const connection = z.object({
  from: z.string(),
  to: z.string(),
  kind: z.enum(['adjacent', 'road', 'minor-road', 'rail', 'sea']),
  name: text.optional(),
  implicit: z.boolean().optional(),
});

const piece = z
  .object({
    id: z.string(),
    at: z.string().describe('the space it stands in'),
    side: z.string(),
    kind: z.string().describe('empty when face down'),
    name: text.optional(),
    label: text.optional(),
    number: z.string().optional(),
    strength: z.string().optional(),
    steps: z.object({ left: z.number(), full: z.number() }).optional(),
    note: text.optional(),
    damage: z.number().optional(),
    count: z.number().optional(),
    faceDown: z.boolean().optional(),
    placedFaceDown: z.boolean().optional(),
    colours: z.object({ fill: colour, band: colour.optional(), split: colour.optional() }).optional(),
    marks: z.array(text).optional(),
  })
  .describe('a face-down piece carries no kind, label, values or telling id');

const track = z.object({
  id: z.string(),
  kind: z.enum(['turn', 'score', 'level']),
  name: text,
  min: z.number().optional(),
  max: z.number().optional(),
  origin: z.number().optional(),
  markers: z.array(z.object({ value: z.number(), label: text.optional(), side: z.string().optional() })),
  labels: z.record(z.string(), text).optional().describe('box labels by value'),
  tints: z.object({ below: colour, above: colour }).optional(),
});

const summary = z.object({
  turn: z.number(),
  lastTurn: z.number().optional(),
  turnLabel: text.optional(),
  phase: text,
  scores: z.array(z.object({ label: text, value: z.number(), signed: z.boolean().optional() })),
  toMove: z.array(z.object({ seat: z.string(), name: text })),
  result: text.optional(),
});

/** The board for one viewer (component `Board`). */
export const boardSchema = z
  .object({
    title: text,
    sides: z.array(boardSide),
    map: boardMap,
    spaces: z.array(space),
    connections: z.array(connection),
    pieces: z.array(piece),
    tracks: z.array(track),
    summary,
    notes: z.array(text).optional(),
  })
  .meta({ id: 'Board', description: 'the board this caller sees: what the web map and the mails draw' });
