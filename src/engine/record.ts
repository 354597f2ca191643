/**
 * The game record (`pbem-record/1`, docs/game-record.md): everything needed to re-adjudicate a game. Replaying a
 * record is pure: start the game, then advance step by step with the recorded orders and the recorded dice source.
 */
import { z } from 'zod';
import { canonicalJson } from './canonical-json.ts';
import { commitmentOf, forcedDice, ordersDigest } from './dice.ts';
import { rulesFor, unreproducibleMessage } from './rules-version.ts';
import { advance, startGame, type Envelope, type SeatErrors } from './step-runner.ts';
import type { AnyGame, Dice, GameEvent, Viewer } from './types.ts';

const diceSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('forced'), values: z.array(z.number().int().min(1)) }).strict(),
  z.object({ kind: z.literal('seed'), secret: z.string().min(1) }).strict(),
]);

export const recordSchema = z
  .object({
    format: z.literal('pbem-record/1'),
    game: z.string(),
    mode: z.string(),
    options: z.record(z.string(), z.unknown()).default({}),
    /** Component data overrides (a whole data set); null or absent = the game's shipped default. */
    data: z.unknown().optional(),
    /** SHA-256 of the secret, published at creation. */
    commitment: z.string().optional(),
    /** How the dice were made. Absent while a game's secret is still hidden. */
    dice: diceSourceSchema.nullable().optional(),
    /** Whose eyes the recorded events were filtered for: `moderator`, `public` or `seat:<id>`. */
    viewer: z.string().optional(),
    steps: z.array(
      z
        .object({
          number: z.number().int().min(0).optional(),
          /**
           * The rules version that resolved the step (docs/contract.md, "Rules versions"); absent or null in a record
           * written before versions were recorded: the game package's current version.
           */
          rulesVersion: z.string().nullable().optional(),
          orders: z.record(z.string(), z.unknown()),
          events: z.array(z.record(z.string(), z.unknown())).optional(),
        })
        .strict(),
    ),
    /**
     * Service facts of each step (`GET /record`); `pbem verify` checks every `ordersDigest` given (null: withheld
     * from the record's viewer) against the step's recorded orders.
     */
    stepInfo: z
      .array(
        z.object({ number: z.number().int().min(0), ordersDigest: z.string().nullable().optional() }).passthrough(),
      )
      .optional(),
    /** Optional expectations, checked by `pbem replay` (e.g. { "winner": "allied" }). */
    expect: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

export type GameRecord = z.infer<typeof recordSchema>;

export interface ReplayedStep {
  number: number;
  events: GameEvent[];
}

export type ReplayResult =
  | { ok: true; envelope: Envelope; steps: ReplayedStep[] }
  | { ok: false; step: number; message: string; errors?: SeatErrors; envelope: Envelope; steps: ReplayedStep[] };

/** Parses a viewer string of a record. */
export function parseViewer(text: string | undefined): Viewer {
  if (!text || text === 'moderator') return { kind: 'moderator' };
  if (text === 'public') return { kind: 'public' };
  return { kind: 'seat', seat: text.replace(/^seat:/, '') };
}

/** Replays a record from the start. Stops at the first step whose orders are refused or whose dice run out. */
export function replayRecord(game: AnyGame, record: GameRecord): ReplayResult {
  const secret = record.dice?.kind === 'seed' ? record.dice.secret : undefined;
  const started = startGame(game, {
    mode: record.mode,
    options: record.options,
    data: record.data ?? undefined,
    secret,
  });
  if (!started.ok) throw new Error(`cannot start the game: ${started.errors.join('; ')}`);
  let envelope = started.envelope;
  const forced: Dice | undefined = record.dice?.kind === 'forced' ? forcedDice(record.dice.values) : undefined;
  if (!forced && !secret) throw new Error('the record has no dice: neither forced values nor a revealed secret');
  const steps: ReplayedStep[] = [];
  for (const [i, step] of record.steps.entries()) {
    let result: ReturnType<typeof advance>;
    try {
      result = advance(game, envelope, step.orders, forced);
    } catch (error) {
      return { ok: false, step: i, message: (error as Error).message, envelope, steps };
    }
    if (!result.ok) return { ok: false, step: i, message: 'orders refused', errors: result.errors, envelope, steps };
    envelope = result.envelope;
    steps.push({ number: i, events: result.events });
  }
  return { ok: true, envelope, steps };
}

export interface VerifyReport {
  ok: boolean;
  commitmentOk: boolean | null;
  /** Steps re-adjudicated, each under the rules version that resolved it. */
  stepsChecked: number;
  diceChecked: number;
  /** Orders digests (`stepInfo[].ordersDigest`) recomputed from the recorded orders and found equal. */
  digestsChecked: number;
  /** Per rules version of the record, its steps (by number) and whether this code reproduces it. */
  rulesVersions: { version: string; steps: number[]; reproduced: boolean }[];
  /** The rules versions the record needs that this code cannot reproduce (a build that has them can verify it). */
  needsRulesVersions: string[];
  mismatches: string[];
}

/**
 * Checks every orders digest a record gives (docs/dice.md: SHA-256 of the canonical JSON of the step's orders, all
 * seats) against the orders recorded for that step; a digest withheld (null) is not checked. Returns how many matched.
 */
function checkDigests(record: GameRecord, mismatches: string[]): number {
  let checked = 0;
  const byNumber = new Map(record.steps.map((step, i) => [step.number ?? i, step]));
  for (const info of record.stepInfo ?? []) {
    if (typeof info.ordersDigest !== 'string') continue;
    const step = byNumber.get(info.number);
    if (!step) mismatches.push(`step ${info.number}: an orders digest is given for a step the record does not list`);
    else if (ordersDigest(step.orders) !== info.ordersDigest)
      mismatches.push(`step ${info.number}: the recorded orders digest differs from the digest of the recorded orders`);
    else checked++;
  }
  return checked;
}

/** The record's steps (by index) per rules version, in order of first use; no version: the package's current. */
function stepsByVersion(game: AnyGame, record: GameRecord): Map<string, number[]> {
  const byVersion = new Map<string, number[]>();
  for (const [i, step] of record.steps.entries()) {
    const version = step.rulesVersion ?? game.rulesVersion;
    byVersion.set(version, [...(byVersion.get(version) ?? []), i]);
  }
  return byVersion;
}

/**
 * Re-adjudicates the listed steps under `rules`: the game replayed from its start under those rules up to the last
 * of them (a game upgraded to newer rules was replayed whole under them, docs/contract.md), comparing the events of
 * the listed steps with the recorded ones. Returns the steps replayed and the dice compared.
 */
function checkSteps(
  rules: AnyGame,
  record: GameRecord,
  indexes: number[],
  mismatches: string[],
): { steps: number; dice: number } {
  const last = indexes[indexes.length - 1];
  const replay = replayRecord(rules, { ...record, steps: record.steps.slice(0, last + 1) });
  if (!replay.ok)
    mismatches.push(
      `step ${replay.step}: ${replay.message}${replay.errors ? ` ${JSON.stringify(replay.errors)}` : ''}`,
    );
  const viewer = parseViewer(record.viewer);
  let diceChecked = 0;
  for (const i of indexes) {
    const recorded = record.steps[i].events;
    const step = replay.steps[i];
    if (!recorded || !step) continue;
    const expected = rules.visibleEvents(step.events, viewer);
    diceChecked += expected.filter((e) => e.type === 'die').length;
    if (expected.length !== recorded.length)
      mismatches.push(`step ${i}: ${recorded.length} events recorded, ${expected.length} re-derived`);
    const n = Math.min(expected.length, recorded.length);
    for (let k = 0; k < n; k++) {
      if (canonicalJson(expected[k]) !== canonicalJson(recorded[k])) {
        mismatches.push(
          `step ${i}, event ${k}: recorded ${canonicalJson(recorded[k])} but re-derived ${canonicalJson(expected[k])}`,
        );
        break;
      }
    }
  }
  return { steps: indexes.filter((i) => i < replay.steps.length).length, dice: diceChecked };
}

/**
 * Re-derives every die and re-adjudicates every step of a record whose secret is revealed, each under the rules
 * version that resolved it, comparing the result with the recorded events (as the record's viewer may see them), the
 * secret with the published commitment, and every orders digest given with the recorded orders. A version this code
 * cannot reproduce is named (`needsRulesVersions`) and fails the check.
 */
export function verifyRecord(game: AnyGame, record: GameRecord): VerifyReport {
  const mismatches: string[] = [];
  let commitmentOk: boolean | null = null;
  const byVersion = stepsByVersion(game, record);
  const rulesVersions = [...byVersion].map(([version, steps]) => ({
    version,
    steps: steps.map((i) => record.steps[i].number ?? i),
    reproduced: rulesFor(game, version) !== null,
  }));
  const needsRulesVersions = rulesVersions.filter((v) => !v.reproduced).map((v) => v.version);
  const versions = { rulesVersions, needsRulesVersions };
  if (record.dice?.kind !== 'seed') mismatches.push('the record reveals no secret seed: nothing to verify');
  else if (record.commitment) {
    commitmentOk = commitmentOf(record.dice.secret) === record.commitment;
    if (!commitmentOk) mismatches.push('SHA-256 of the revealed secret differs from the published commitment');
  }
  if (mismatches.length && record.dice?.kind !== 'seed')
    return { ok: false, commitmentOk, stepsChecked: 0, diceChecked: 0, digestsChecked: 0, ...versions, mismatches };
  let diceChecked = 0;
  let stepsChecked = 0;
  for (const { version, steps } of rulesVersions) {
    const rules = rulesFor(game, version);
    if (!rules) {
      mismatches.push(`steps ${steps.join(', ')}: ${unreproducibleMessage(game, version)}`);
      continue;
    }
    const checked = checkSteps(rules, record, byVersion.get(version) ?? [], mismatches);
    diceChecked += checked.dice;
    stepsChecked += checked.steps;
  }
  const digestsChecked = checkDigests(record, mismatches);
  return {
    ok: mismatches.length === 0,
    commitmentOk,
    stepsChecked,
    diceChecked,
    digestsChecked,
    ...versions,
    mismatches,
  };
}
