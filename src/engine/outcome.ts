/**
 * Reading an outcome the same way for every game: one winner, a coalition of winners, a draw, teams of seats.
 * Games that give only `winner` (two-sided games) read as a one-seat `winners`.
 */
import type { Outcome, SeatId, Team, Text } from './types.ts';

/** An outcome with every field filled in. */
export interface OutcomeResult {
  /** Every winning seat, sorted as the game gave them; empty for a draw or a game nobody won. */
  winners: SeatId[];
  draw: boolean;
  teams: Team[];
  /** The sole winner, or null (draw, nobody, or several winners). */
  winner: SeatId | null;
}

/** Builds an outcome of several winners (a coalition) or of a draw, with `winner` filled for older readers. */
export function outcomeOf(
  input: { winners: SeatId[]; draw?: boolean; teams?: Team[]; reason: Text; rule: string } & Record<string, unknown>,
): Outcome {
  const { winners, draw, teams, ...rest } = input;
  if (draw && winners.length) throw new Error('a drawn game has no winners');
  return {
    ...rest,
    winner: winners.length === 1 ? winners[0] : null,
    winners: [...winners],
    ...(draw ? { draw: true } : {}),
    ...(teams ? { teams } : {}),
  };
}

/** Reads a stored or fresh outcome (any JSON): `winners` from `winners`, else from `winner`. */
export function outcomeResult(outcome: unknown): OutcomeResult {
  const o = (outcome && typeof outcome === 'object' ? outcome : {}) as Partial<Outcome>;
  const winners = Array.isArray(o.winners)
    ? o.winners.filter((w): w is string => typeof w === 'string')
    : typeof o.winner === 'string'
      ? [o.winner]
      : [];
  const teams = Array.isArray(o.teams) ? o.teams : [];
  return { winners, draw: o.draw === true, teams, winner: winners.length === 1 ? winners[0] : null };
}

/** The team whose seats are exactly the winners, if any (so that "the Allies win" reads as one name). */
export function winningTeam(result: OutcomeResult): Team | null {
  if (!result.winners.length) return null;
  const won = [...result.winners].sort().join('\u0000');
  return result.teams.find((t) => [...t.seats].sort().join('\u0000') === won) ?? null;
}

/**
 * The outcome in a few words: "Winner: Allies", "Winners: Prussia, Austria", "Winner: Coalition (Prussia,
 * Austria)", "Drawn game", "No winner". `name` turns a seat id into its name in the locale.
 */
export function outcomeHeadline(
  outcome: unknown,
  locale: 'en' | 'ja',
  name: (seat: SeatId) => string = (s) => s,
): string {
  const r = outcomeResult(outcome);
  const ja = locale === 'ja';
  if (r.draw) return ja ? '引き分け' : 'Drawn game';
  if (!r.winners.length) return ja ? '勝者なし' : 'No winner';
  const team = winningTeam(r);
  const who = r.winners.map(name).join(ja ? '、' : ', ');
  const list = team ? `${team.name[locale]} (${who})` : who;
  if (ja) return `勝者: ${list}`;
  return `${r.winners.length > 1 ? 'Winners' : 'Winner'}: ${list}`;
}
