/**
 * The game record (`pbem-record/1`): what `pbem replay` and `pbem verify` read, and what `GET /record` returns.
 * Pure: built from rows already read, for one viewer. The format is specified in docs/api.md.
 */
import type { AnyGame, GameEvent, Viewer } from '../engine/types.ts';

/** The record format id. */
export const RECORD_FORMAT = 'pbem-record/1';

/** One resolved step of a record: the orders the engine was given (every seat's) and its events. */
export interface RecordStep {
  number: number;
  status: 'published' | 'awaiting_review';
  /** seat -> orders JSON, exactly as passed to the engine; seats absent when hidden from the viewer. */
  orders: Record<string, unknown>;
  /** Seats whose orders were the engine's defaults (missed deadline). */
  defaultsApplied: string[];
  /** SHA-256 of canonicalJson(orders of every seat): the dice of the step derive from it (docs/dice.md). */
  ordersDigest: string | null;
  events: GameEvent[];
}

/** A whole game as one JSON document. */
export interface GameRecord {
  format: typeof RECORD_FORMAT;
  id: string;
  name: string;
  game: string;
  mode: string;
  options: unknown;
  data: unknown | null;
  viewer: Viewer;
  /** True when nothing of the listed steps is withheld from this viewer (always for the moderator). */
  complete: boolean;
  status: 'active' | 'paused' | 'finished';
  commitment: string;
  dice: { kind: 'seed'; scheme: 'pbem-dice-v1'; secret: string } | null;
  seats: { seat: string; name: string | null }[];
  steps: RecordStep[];
  outcome: unknown | null;
}

/** The rows a record is built from. */
export interface RecordSource {
  game: { id: string; name: string; game: string; mode: string; options: unknown; data: unknown | null; status: 'active' | 'paused' | 'finished'; seedCommitment: string; seedSecret: string; outcome: unknown | null };
  seats: { side: string; playerName: string | null }[];
  steps: { number: number; status: string; ordersDigest: string | null; defaultsApplied: string[]; orders: { side: string; parsed: unknown }[]; events: GameEvent[] }[];
}

/**
 * Builds the record a viewer may see: seats see published steps only, their own orders (every seat's once the game
 * is over), and the events the game lets them see; the moderator sees everything, previews included. The secret seed appears
 * only once the game is finished.
 */
export function buildRecord(def: AnyGame, source: RecordSource, viewer: Viewer): GameRecord {
  const moderator = viewer.kind === 'moderator';
  const steps: RecordStep[] = [];
  let complete = true;
  const finished = source.game.status === 'finished';
  // Orders can carry hidden information (AW: where the UBs are placed): another seat's orders are shown only once
  // the game is over.
  const seesOrdersOf = (side: string): boolean => moderator || finished || (viewer.kind === 'seat' && viewer.seat === side);
  for (const step of [...source.steps].sort((a, b) => a.number - b.number)) {
    if (step.status !== 'published' && !(moderator && step.status === 'awaiting_review')) continue;
    const orders: Record<string, unknown> = {};
    for (const o of [...step.orders].sort((a, b) => a.side.localeCompare(b.side))) {
      if (seesOrdersOf(o.side)) orders[o.side] = o.parsed;
      else complete = false;
    }
    const events = moderator ? step.events : def.visibleEvents(step.events, viewer);
    if (events.length !== step.events.length) complete = false;
    steps.push({ number: step.number, status: step.status as RecordStep['status'], orders, defaultsApplied: step.defaultsApplied, ordersDigest: step.ordersDigest, events });
  }
  return {
    format: RECORD_FORMAT,
    id: source.game.id,
    name: source.game.name,
    game: source.game.game,
    mode: source.game.mode,
    options: source.game.options,
    data: source.game.data ?? null,
    viewer,
    complete,
    status: source.game.status,
    commitment: source.game.seedCommitment,
    dice: finished ? { kind: 'seed', scheme: 'pbem-dice-v1', secret: source.game.seedSecret } : null,
    seats: [...source.seats].sort((a, b) => a.side.localeCompare(b.side)).map((s) => ({ seat: s.side, name: s.playerName })),
    steps,
    outcome: finished ? source.game.outcome : null,
  };
}
