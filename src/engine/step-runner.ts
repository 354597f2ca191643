/**
 * Runs any game one step at a time: set-up, order validation, resolution with recorded dice.
 * The envelope is what the service stores per step; the dice key in it never reaches a view.
 */
import { diceKeyOf, committedDice, ForcedDiceError } from './dice.ts';
import { purposeText } from './dice-purpose.ts';
import type { Board } from './board.ts';
import { ruleErrorOf } from './rule-error.ts';
import type { AnyGame, Dice, DieEvent, GameEvent, ResolveContext, RuleError, SeatId, Viewer } from './types.ts';

/** A game's whole state between steps: the game's own state plus the step counter and the dice key. */
export interface Envelope<S = unknown> {
  game: string;
  mode: string;
  /** Number of resolutions run so far (0 before the first). */
  step: number;
  /** Derived from the game's secret (docs/dice.md); null for games run only with supplied dice. */
  diceKey: string | null;
  state: S;
}

export type Result<T, E> = ({ ok: true } & T) | { ok: false; errors: E };

/** Every problem with a step's orders, per seat. */
export type SeatErrors = Record<SeatId, RuleError[]>;

const shapeError = (path: string, message: string): RuleError =>
  ruleErrorOf(
    'orders/shape',
    'orders-format',
    {
      en: `${path ? `${path}: ` : ''}${message}`,
      ja: `${path ? `${path}: ` : ''}命令の形式が正しくありません (${message})`,
    },
    path,
  );

/** A zod issue as the orders schema reports it (the part read here). */
interface ShapeIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
}

/**
 * The orders without their malformed top-level fields (those with a shape issue, and unknown keys), with the names
 * of the fields left out; null when the orders are not an object or an issue concerns them as a whole.
 */
function wellFormedPart(
  raw: unknown,
  issues: readonly ShapeIssue[],
): { rest: Record<string, unknown>; dropped: Set<string> } | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const dropped = new Set<string>();
  for (const issue of issues) {
    if (issue.path.length > 0) dropped.add(String(issue.path[0]));
    else if (issue.code === 'unrecognized_keys' && issue.keys) for (const k of issue.keys) dropped.add(k);
    else return null;
  }
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (!dropped.has(k)) rest[k] = v;
  return { rest, dropped };
}

/**
 * Parses and validates one seat's orders against the current state. Returns the typed orders or every error: a
 * malformed field does not hide what is wrong with the others (the game validates the well-formed fields too, and
 * its errors about a left-out field, such as "missing", are dropped: the shape error already covers it).
 */
export function checkOrders(
  game: AnyGame,
  envelope: Envelope,
  seat: SeatId,
  raw: unknown,
): Result<{ orders: unknown }, RuleError[]> {
  if (!game.sides(envelope.mode).some((s) => s.seat === seat)) {
    return {
      ok: false,
      errors: [
        ruleErrorOf('orders/unknown-seat', 'seats', {
          en: `no seat "${seat}" in this game`,
          ja: `このゲームに席「${seat}」はありません`,
        }),
      ],
    };
  }
  const parsed = game.ordersSchema.safeParse(raw);
  if (parsed.success) {
    const errors = game.validate(envelope.state, seat, parsed.data);
    return errors.length ? { ok: false, errors } : { ok: true, orders: parsed.data };
  }
  const issues = parsed.error.issues as ShapeIssue[];
  const errors = issues.map((i) => shapeError(i.path.join('.'), i.message));
  const part = wellFormedPart(raw, issues);
  const again = part ? game.ordersSchema.safeParse(part.rest) : null;
  if (part && again?.success) {
    const field = (e: RuleError) => (e.path ?? '').split('.')[0];
    errors.push(...game.validate(envelope.state, seat, again.data).filter((e) => !part.dropped.has(field(e))));
  }
  return { ok: false, errors };
}

/**
 * The package's default data set as its schema parses it, once per package: it never changes, and parsing a whole
 * data set is a good part of starting a game. Frozen, since every game started on it shares it (the engine never
 * writes its data).
 */
const defaultDataParsed = new WeakMap<AnyGame, ReturnType<AnyGame['dataSchema']['safeParse']>>();
function parsedDefaultData(game: AnyGame): ReturnType<AnyGame['dataSchema']['safeParse']> {
  let parsed = defaultDataParsed.get(game);
  if (!parsed) {
    parsed = game.dataSchema.safeParse(game.defaultData);
    if (parsed.success) deepFreeze(parsed.data);
    defaultDataParsed.set(game, parsed);
  }
  return parsed;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}

/** Starts a game: options and data are parsed with the game's zod schemas (defaults filled in). */
export function startGame(
  game: AnyGame,
  args: { mode: string; options?: unknown; data?: unknown; secret?: string },
): Result<{ envelope: Envelope }, string[]> {
  if (!game.modes.includes(args.mode))
    return { ok: false, errors: [`unknown mode "${args.mode}" (one of ${game.modes.join(', ')})`] };
  const options = game.optionsSchema.safeParse(args.options ?? {});
  if (!options.success)
    return { ok: false, errors: options.error.issues.map((i) => `options.${i.path.join('.')}: ${i.message}`) };
  const data = args.data === undefined ? parsedDefaultData(game) : game.dataSchema.safeParse(args.data);
  if (!data.success)
    return { ok: false, errors: data.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`) };
  const dataProblems = game.checkData(data.data, options.data);
  if (dataProblems.length) return { ok: false, errors: dataProblems.map((p) => `data: ${p}`) };
  const state = game.setup({ mode: args.mode, options: options.data, data: data.data });
  return {
    ok: true,
    envelope: { game: game.id, mode: args.mode, step: 0, diceKey: args.secret ? diceKeyOf(args.secret) : null, state },
  };
}

/** Orders with seats in sorted order, so nothing depends on the order they arrived in. */
export function sortedOrders(orders: Readonly<Record<SeatId, unknown>>): Record<SeatId, unknown> {
  const out: Record<SeatId, unknown> = {};
  for (const seat of Object.keys(orders).sort()) out[seat] = orders[seat];
  return out;
}

/**
 * Resolves the current step: every owed seat must have orders; orders of other seats (standing orders) are
 * passed along. Dice come from `dice` when given (tests, simulations, forced records), otherwise from the committed
 * scheme of docs/dice.md. Returns the next envelope and the ordered event log (dice included), or every error.
 */
export function advance(
  game: AnyGame,
  envelope: Envelope,
  orders: Readonly<Record<SeatId, unknown>>,
  dice?: Dice,
): Result<{ envelope: Envelope; events: GameEvent[] }, SeatErrors> {
  const errors: SeatErrors = {};
  const parsed: Record<SeatId, unknown> = {};
  for (const owed of game.owed(envelope.state)) {
    if (!(owed.seat in orders)) {
      errors[owed.seat] = [
        ruleErrorOf('orders/missing', owed.rule, {
          en: `orders owed for ${owed.point}`,
          ja: `${owed.point} の命令が未提出です`,
        }),
      ];
    }
  }
  for (const [seat, raw] of Object.entries(sortedOrders(orders))) {
    const checked = checkOrders(game, envelope, seat, raw);
    if (checked.ok) parsed[seat] = checked.orders;
    else errors[seat] = [...(errors[seat] ?? []), ...checked.errors];
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  if (!dice && !envelope.diceKey) throw new Error('advance: no dice given and the game has no dice key');
  const source = dice ?? committedDice(envelope.diceKey as string, envelope.step, parsed);
  const events: GameEvent[] = [];
  let index = 0;
  const ctx: ResolveContext = {
    roll(sides, purpose, visibleTo) {
      const value = source.roll(sides, purpose, visibleTo);
      const die: DieEvent = { type: 'die', index: index++, sides, value, purpose };
      if (visibleTo) die.visibleTo = [...visibleTo];
      events.push(die);
      return value;
    },
    rollFor(sides, purpose, visibleTo) {
      const text = purposeText(purpose);
      const value = source.roll(sides, text, visibleTo);
      const die: DieEvent = { type: 'die', index: index++, sides, value, purpose: text, rule: purpose.rule };
      die.what = purpose.what;
      if (visibleTo) die.visibleTo = [...visibleTo];
      events.push(die);
      return value;
    },
    emit(event) {
      events.push(event);
    },
  };
  let state: unknown;
  try {
    state = game.resolve(envelope.state, parsed, ctx);
  } catch (error) {
    // A forced die that does not fit: keep the events so far on the error (the outcome is unchanged: it throws).
    if (error instanceof ForcedDiceError) error.events = [...events];
    throw error;
  }
  return { ok: true, envelope: { ...envelope, step: envelope.step + 1, state }, events };
}

/** What a viewer may see of the envelope: the game's view, never the dice key. */
export function viewOf(game: AnyGame, envelope: Envelope, viewer: Viewer): unknown {
  return game.view(envelope.state, viewer);
}

/** The board a viewer sees of an envelope's state (drawn by the web map and the mails). */
export function boardOf(game: AnyGame, envelope: Envelope, viewer: Viewer): Board {
  return game.board(envelope.state, viewer);
}
