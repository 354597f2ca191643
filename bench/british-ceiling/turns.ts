/**
 * One Grand Fleet game of a `pbem match` (the computer player British, random legal orders German) told turn by turn
 * from its events: the VP at the start and end of each turn, the USW Table's VP (GF 9[4]), the initiative dice's
 * parity penalties (GF 7(b)[2a]), who was the offensive side (GF 7(b)[4]) and what became of it: a decisive battle,
 * a refusal (GF 7(b)[6a]), a declined battle, or nothing.
 */
import { registeredGame } from '../../src/cli/games.ts';
import { type MatchOptions, playMatchGame } from '../../src/cli/match.ts';
import type { GfState } from '../../src/games/grand-fleet/index.ts';

/** VP are Britain's: positive for Britain. */
export interface TurnRecord {
  turn: number;
  vpStart: number;
  vpEnd: number;
  usw: number;
  penalty: number;
  offensive: 'british' | 'german' | null;
  /** Britain's initiative dice (GF 7(b)[2]), null in a turn without an initiative phase. */
  britishDice: 1 | 2 | null;
  /** What the initiative phase came to. */
  outcome: 'battle' | 'refused' | 'declined' | 'none' | 'outbreak';
}

export interface GameRecord {
  g: number;
  /** British win, German win or draw. */
  result: 'british' | 'german' | 'draw';
  rule: string;
  turns: TurnRecord[];
}

type Event = { type: string; [k: string]: unknown };

const game = registeredGame('grand-fleet');

/** The British games of a match are its even-numbered ones (the first player, the bot, holds Britain). */
export function britishGame(seed: string, g: number): GameRecord {
  const opts: MatchOptions = { gameId: 'grand-fleet', mode: 'standard', players: ['bot', 'random'], games: 0, seed };
  const turns: TurnRecord[] = [];
  const fresh = (turn: number, vp: number): TurnRecord => ({
    turn,
    vpStart: vp,
    vpEnd: vp,
    usw: 0,
    penalty: 0,
    offensive: null,
    britishDice: null,
    outcome: 'none',
  });
  let now = fresh(1, 0);
  let last: GfState | undefined;
  playMatchGame(game, opts, g, ({ events, state }) => {
    const s = state as GfState;
    for (const e of events as Event[]) {
      if (e.type === 'turn') {
        // Nothing changes the VP between a turn's start and its armament decisions, where the step stops.
        turns.push({ ...now, vpEnd: s.vp });
        now = fresh(e.turn as number, s.vp);
      } else if (e.type === 'usw-table') now.usw -= e.germanVp as number;
      else if (e.type === 'usw-outbreak') now.outcome = 'outbreak';
      else if (e.type === 'initiative') {
        now.offensive = e.offensive as TurnRecord['offensive'];
        const rolls = e.rolls as Record<string, number[]>;
        now.britishDice = rolls.british.length as 1 | 2;
        for (const [side, r] of Object.entries(rolls))
          if (r.length === 2 && r[0] % 2 === r[1] % 2) now.penalty += side === 'british' ? -1 : 1;
      } else if (e.type === 'declared' && !e.battle) now.outcome = 'declined';
      else if (e.type === 'accepted' && !e.accept) now.outcome = 'refused';
      else if (e.type === 'battle') now.outcome = 'battle';
    }
    last = s;
  });
  turns.push({ ...now, vpEnd: last!.vp });
  const outcome = game.outcome(last)!;
  const result = outcome.winner === 'british' ? 'british' : outcome.winner === 'german' ? 'german' : 'draw';
  return { g, result, rule: outcome.rule ?? '', turns };
}
