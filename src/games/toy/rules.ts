/**
 * The toy game's rules: a tiny two-seat dice game, the worked example of a game package (docs/adding-a-game.md).
 *   TOY 1  A game lasts `rounds` steps (an option, 1 to 10, default 4).
 *   TOY 2  Even steps: both seats pick a number 1-6; odd steps: only "a" picks ("b" may send standing orders only).
 *          A standing order is a note of up to 100 characters that the seat keeps (only it sees its note).
 *   TOY 3  For each pick the engine rolls a secret d6 that only the picking seat sees: a pick equal to it scores 3.
 *          Then one public d6 is rolled for the round. After the last step the higher score wins; equal scores draw.
 * Pure: every die through `ctx.roll`, no clock, no I/O.
 */
import { z } from 'zod';
import type { HiddenTwin } from '../../engine/game-package.ts';
import type {
  ChoiceTree,
  GameEvent,
  Outcome,
  Owed,
  ResolveContext,
  RuleError,
  SeatId,
  Viewer,
} from '../../engine/types.ts';

/** The seats, in order. */
export const TOY_SEATS = ['a', 'b'] as const;

/** The state between steps. */
export interface ToyState {
  step: number;
  rounds: number;
  score: Record<string, number>;
  notes: Record<string, string>;
}

export const toyOrdersSchema = z
  .object({
    pick: z.number().int().optional(),
    standing: z
      .object({ note: z.string().max(100) })
      .strict()
      .optional(),
  })
  .strict();
/** One seat's orders: its pick (TOY 2, 3) and a standing note. */
export type ToyOrders = z.infer<typeof toyOrdersSchema>;

export const toyOptionsSchema = z.object({ rounds: z.number().int().min(1).max(10).default(4) });
export type ToyOptions = z.infer<typeof toyOptionsSchema>;

export const toyDataSchema = z.object({ name: z.string() });
export type ToyData = z.infer<typeof toyDataSchema>;

const PROMPT = { en: 'pick a number 1-6', ja: '1〜6 の数を選ぶ' };

/** TOY 2: who picks now. */
export function owed(state: ToyState): Owed[] {
  if (state.step >= state.rounds) return [];
  const seats = state.step % 2 === 0 ? ['a', 'b'] : ['a'];
  return seats.map((seat) => ({ seat, point: 'TOY-D1', rule: 'TOY 2', prompt: PROMPT }));
}

/** What a viewer sees: the scores, and its own note only (TOY 2). */
export function view(state: ToyState, viewer: Viewer): unknown {
  if (viewer.kind === 'moderator') return state;
  const notes = viewer.kind === 'seat' && state.notes[viewer.seat] ? { [viewer.seat]: state.notes[viewer.seat] } : {};
  return { step: state.step, rounds: state.rounds, score: state.score, notes };
}

/** The one choice of an owing seat: its pick. */
export function choices(state: ToyState, seat: SeatId): ChoiceTree | null {
  if (!owed(state).some((o) => o.seat === seat)) return null;
  const options = [1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: { en: String(n), ja: String(n) } }));
  const label = { en: 'Your pick', ja: '選ぶ数' };
  const field = { key: 'pick', label, kind: 'one' as const, options, defaultValue: '1' };
  return { point: 'TOY-D1', rule: 'TOY 2', prompt: PROMPT, fields: [field], constraints: [] };
}

/** A rule error; its rule id is the code's (the toy's rules are too short to number each check). */
const err = (code: string, en: string, ja: string, path: string): RuleError => {
  return { code, message: { en, ja }, rule: `TOY ${code}`, rules: [`TOY ${code}`], path };
};

/** Every rule problem with a seat's orders. */
export function validate(state: ToyState, seat: SeatId, orders: ToyOrders): RuleError[] {
  const owes = owed(state).some((o) => o.seat === seat);
  const { pick } = orders;
  const errors: RuleError[] = [];
  if (owes && pick === undefined) errors.push(err('toy/missing-pick', 'a pick is owed', '数を選んでください', 'pick'));
  if (!owes && pick !== undefined) {
    errors.push(err('toy/not-owed', 'no pick is owed now', '今は数を選ぶ番ではありません', 'pick'));
  }
  if (pick !== undefined && (pick < 1 || pick > 6)) {
    errors.push(err('toy/range', 'pick 1 to 6', '1〜6 を選んでください', 'pick'));
  }
  if (orders.standing?.note === 'forbidden') {
    errors.push(err('toy/note', 'that note is not allowed', 'そのメモは使えません', 'standing.note'));
  }
  return errors;
}

/** TOY 2, 3: notes kept, a secret die per pick, a public die for the round. */
export function resolve(state: ToyState, orders: Readonly<Record<SeatId, ToyOrders>>, ctx: ResolveContext): ToyState {
  const next: ToyState = { ...state, step: state.step + 1, score: { ...state.score }, notes: { ...state.notes } };
  for (const seat of Object.keys(orders).sort()) {
    const o = orders[seat];
    if (o.standing) next.notes[seat] = o.standing.note;
    if (o.pick === undefined) continue;
    const hidden = ctx.roll(6, `hidden ${seat}`, [seat]);
    const points = o.pick === hidden ? 3 : 0;
    ctx.emit({ type: 'secret', seat, hidden, pick: o.pick, points, visibleTo: [seat], rule: 'TOY 3' } as GameEvent);
    next.score[seat] += points;
  }
  const shared = ctx.roll(6, 'public');
  ctx.emit({ type: 'round', step: state.step, shared, rule: 'TOY 3' });
  return next;
}

/** TOY 3: the higher score after the last step; equal scores have no winner. */
export function outcome(state: ToyState): Outcome | null {
  if (state.step < state.rounds) return null;
  const { a, b } = state.score;
  const reason = { en: `final score ${a} to ${b}`, ja: `最終得点 ${a} 対 ${b}` };
  return { winner: a === b ? null : a > b ? 'a' : 'b', reason, rule: 'TOY 3', score: state.score };
}

/** Scores are never negative and only seats of the game score. */
export function invariants(state: ToyState): string[] {
  const broken: string[] = [];
  for (const [seat, score] of Object.entries(state.score)) {
    if (!(TOY_SEATS as readonly string[]).includes(seat)) broken.push(`TOY 3: a score for an unknown seat ${seat}`);
    if (score < 0 || score % 3 !== 0) broken.push(`TOY 3: score ${score} of ${seat} is not a multiple of 3`);
  }
  if (state.step > state.rounds) broken.push(`TOY 1: step ${state.step} beyond ${state.rounds} rounds`);
  return broken;
}

const OTHER_NOTES = ['', 'bluff', 'メモ', 'a longer note about nothing at all'];

/**
 * A position the viewer cannot tell from `state` (the package's `hiddenTwin`): every note it may not see (TOY 2:
 * another seat's, all of them for the public) replaced by another note or none. Null for the moderator.
 */
export function hiddenTwin(state: ToyState, viewer: Viewer, rand: () => number): HiddenTwin<ToyState> | null {
  if (viewer.kind === 'moderator') return null;
  const notes = { ...state.notes };
  for (const seat of TOY_SEATS) {
    if (viewer.kind === 'seat' && viewer.seat === seat) continue;
    const note = OTHER_NOTES[Math.floor(rand() * OTHER_NOTES.length)];
    if (note) notes[seat] = note;
    else delete notes[seat];
  }
  return { state: { ...state, notes }, renamed: {} };
}

/** Builds a positioned state for tests: `{ step?, rounds?, score?, notes? }` over a fresh game. */
export function positionFromFixture(spec: unknown): ToyState {
  const f = (spec ?? {}) as Partial<ToyState>;
  return { step: f.step ?? 0, rounds: f.rounds ?? 4, score: { a: 0, b: 0, ...f.score }, notes: { ...f.notes } };
}
