/**
 * The game record (`pbem-record/1`): what `pbem replay` and `pbem verify` read, and what `GET /record` returns.
 * Pure: built from rows already read, for one viewer. The format is specified in docs/api.md.
 */
import { ordersShownTo } from '../engine/contract-defaults.ts';
import type { AnyGame, GameEvent, Viewer } from '../engine/types.ts';
import { storedOwed } from './json.ts';

/** The record format id. */
export const RECORD_FORMAT = 'pbem-record/1';

/** One resolved step of a record: the orders the engine was given and the events the viewer may see. */
export interface RecordStep {
  number: number;
  /**
   * The rules version that resolved the step (docs/contract.md, "Rules versions"): `pbem verify` re-adjudicates the
   * step under it. Null for a step awaiting review resolved before versions were recorded (none are left).
   */
  rulesVersion: string | null;
  /**
   * seat -> orders JSON, exactly as passed to the engine; a seat is absent when its orders are hidden from the viewer
   * (or holds the part the game lets the viewer see: `GameDefinition.visibleOrders`).
   */
  orders: Record<string, unknown>;
  events: GameEvent[];
}

/** Service facts of a recorded step (not needed to replay it). */
export interface RecordStepInfo {
  number: number;
  status: 'published' | 'awaiting_review';
  /** Seats whose orders were the engine's defaults (missed deadline). */
  defaultsApplied: string[];
  /**
   * SHA-256 of canonicalJson(every seat's orders): the step's dice derive from it (docs/dice.md). Null for a viewer
   * not shown every seat's orders of the step whole: unsalted, it would let the viewer guess the orders withheld.
   */
  ordersDigest: string | null;
  resolvedAt: string | null;
  publishedAt: string | null;
}

/** A whole game as one JSON document (read by src/engine/record.ts: `pbem replay`, `pbem verify`). */
export interface GameRecord {
  format: typeof RECORD_FORMAT;
  game: string;
  mode: string;
  options: Record<string, unknown>;
  data: unknown | null;
  commitment: string;
  /** The revealed seed, once the game is over; null before. */
  dice: { kind: 'seed'; secret: string } | null;
  /** Whose eyes the events were filtered for: "moderator" or "seat:<id>". */
  viewer: string;
  /** True when nothing of the listed steps is withheld from this viewer (always for the moderator). */
  complete: boolean;
  id: string;
  name: string;
  status: 'active' | 'paused' | 'finished';
  /** The rules version the game runs under now (its next steps resolve under it). */
  rulesVersion: string;
  seats: { seat: string; name: string | null }[];
  outcome: unknown | null;
  steps: RecordStep[];
  stepInfo: RecordStepInfo[];
}

/** The rows a record is built from. */
export interface RecordSource {
  game: {
    id: string;
    name: string;
    game: string;
    mode: string;
    options: unknown;
    data: unknown | null;
    status: 'active' | 'paused' | 'finished';
    seedCommitment: string;
    seedSecret: string;
    outcome: unknown | null;
    /** Absent: the package's current version. */
    rulesVersion?: string;
  };
  seats: { side: string; playerName: string | null }[];
  steps: {
    number: number;
    status: string;
    ordersDigest: string | null;
    defaultsApplied: string[];
    resolvedAt: Date | null;
    publishedAt: Date | null;
    /** The version that resolved the step (absent: unknown, null in the record). */
    rulesVersion?: string | null;
    orders: { side: string; parsed: unknown }[];
    events: GameEvent[];
    /** What the step owed (a sealed point hides every other seat's orders until resolution). */
    owed?: unknown;
    /** The game's state the step's orders answered (the step's envelope state). */
    state?: unknown;
  }[];
}

/**
 * Builds the record a viewer may see: seats see published steps only, their own orders, other seats' orders as the
 * game lets them (`visibleOrders`; by default once the game is over), and the events the game lets them see; the
 * moderator sees everything, previews included. The secret seed appears only once the game is finished. A step's
 * orders digest is shown only to a viewer shown every seat's orders of that step.
 */
export function buildRecord(def: AnyGame, source: RecordSource, viewer: Viewer): GameRecord {
  const moderator = viewer.kind === 'moderator';
  const steps: RecordStep[] = [];
  const stepInfo: RecordStepInfo[] = [];
  let complete = true;
  const finished = source.game.status === 'finished';
  for (const step of [...source.steps].sort((a, b) => a.number - b.number)) {
    if (step.status !== 'published' && !(moderator && step.status === 'awaiting_review')) continue;
    const orders: Record<string, unknown> = {};
    let whole = true;
    const owed = storedOwed(step.owed);
    for (const o of [...step.orders].sort((a, b) => a.side.localeCompare(b.side))) {
      // Orders can carry hidden information (AW: where the UBs are placed): the game says what others may see.
      const resolved = step.status === 'published';
      const q = { state: step.state, step: step.number, seat: o.side, orders: o.parsed, viewer, resolved };
      const shown = ordersShownTo(def, { ...q, gameOver: finished }, owed);
      if (shown !== undefined) orders[o.side] = shown;
      if (shown !== o.parsed) whole = false;
    }
    if (!whole) complete = false;
    const events = moderator ? step.events : def.visibleEvents(step.events, viewer);
    if (events.length !== step.events.length) complete = false;
    steps.push({ number: step.number, rulesVersion: step.rulesVersion ?? null, orders, events });
    stepInfo.push({
      number: step.number,
      status: step.status as RecordStepInfo['status'],
      defaultsApplied: step.defaultsApplied,
      // The digest is a function of every seat's orders: shown only with all of them (docs/dice.md).
      ordersDigest: whole ? step.ordersDigest : null,
      resolvedAt: step.resolvedAt?.toISOString() ?? null,
      publishedAt: step.publishedAt?.toISOString() ?? null,
    });
  }
  return {
    format: RECORD_FORMAT,
    game: source.game.game,
    mode: source.game.mode,
    options: (source.game.options ?? {}) as Record<string, unknown>,
    data: source.game.data ?? null,
    commitment: source.game.seedCommitment,
    dice: finished ? { kind: 'seed', secret: source.game.seedSecret } : null,
    viewer: viewer.kind === 'seat' ? `seat:${viewer.seat}` : viewer.kind,
    complete,
    id: source.game.id,
    name: source.game.name,
    status: source.game.status,
    rulesVersion: source.game.rulesVersion ?? def.rulesVersion,
    seats: [...source.seats]
      .sort((a, b) => a.side.localeCompare(b.side))
      .map((s) => ({ seat: s.side, name: s.playerName })),
    outcome: finished ? source.game.outcome : null,
    steps,
    stepInfo,
  };
}
