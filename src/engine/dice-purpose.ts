/**
 * Dice purposes as data: a game rolls with `{ rule, what }` (the rule the die rests on, what it decides in English
 * and Japanese) instead of text a describer must parse. String purposes keep working everywhere.
 */
import type { AnyGame, DicePurpose, DieEvent, GameEvent, ResolveContext, SeatId, Text } from './types.ts';

/** The text a purpose is recorded as: a string as given, a structured purpose as `rule` + English `what`. */
export function purposeText(purpose: string | DicePurpose): string {
  return typeof purpose === 'string' ? purpose : `${purpose.rule} ${purpose.what.en}`;
}

/**
 * Rolls one die for a game. A structured purpose is recorded with its `rule` and `what` when the context can
 * (the step runner's can); a bare context gets the purpose's text, so the die and its order never change.
 */
export function rollDie(
  ctx: ResolveContext,
  sides: number,
  purpose: string | DicePurpose,
  visibleTo?: SeatId[],
): number {
  if (typeof purpose !== 'string' && ctx.rollFor) return ctx.rollFor(sides, purpose, visibleTo);
  return ctx.roll(sides, purposeText(purpose), visibleTo);
}

const isText = (v: unknown): v is Text =>
  !!v && typeof v === 'object' && typeof (v as Text).en === 'string' && typeof (v as Text).ja === 'string';

/**
 * What a recorded die was for: the `rule` and `what` it carries, else what the game reads from its text
 * (`GameDefinition.dicePurpose`), else null.
 */
export function dicePurposeOf(game: Pick<AnyGame, 'dicePurpose'> | undefined, event: GameEvent): DicePurpose | null {
  if (event.type !== 'die') return null;
  if (typeof event.rule === 'string' && isText(event.what)) return { rule: event.rule, what: event.what };
  return game?.dicePurpose?.(event as DieEvent) ?? null;
}

/**
 * A die in words without parsing: "Initiative die: d6 = 4 (GF 7(b)[1])." from a structured purpose; the recorded
 * text otherwise ("Die roll 4 (tie-break)."). For games and for renderers of games not installed here.
 */
export function describeDie(
  event: GameEvent,
  locale: 'en' | 'ja',
  purpose: DicePurpose | null = dicePurposeOf(undefined, event),
): string {
  const roll = `d${String(event.sides)} = ${String(event.value)}`;
  const ja = locale === 'ja';
  if (purpose)
    return ja ? `${purpose.what.ja}: ${roll}（${purpose.rule}）。` : `${purpose.what.en}: ${roll} (${purpose.rule}).`;
  const text = typeof event.purpose === 'string' ? event.purpose : '';
  if (!text) return ja ? `サイコロ ${String(event.value)}。` : `Die roll: ${String(event.value)}.`;
  return ja ? `サイコロ ${String(event.value)}（${text}）。` : `Die roll ${String(event.value)} (${text}).`;
}
