/**
 * Hidden twins (docs/contract.md): a position the viewer cannot tell from the given one. The face-down fleet
 * markers of both sides trade fleets (GF 8[2][1]: the server's shuffle is secret from both players until the
 * reveal), and the standing orders of every other seat are replaced (spec 5.2). Pure: chance comes from `rand`.
 */
import type { HiddenTwin } from '../../../engine/game-package.ts';
import type { Viewer } from '../../../engine/types.ts';
import { randomIntercepts, randomPlacements } from '../orders/random-orders.ts';
import { cloneState, type GfState, SIDE_ORDER, type Standing } from '../state.ts';
import { shuffled } from '../../../engine/shuffled.ts';

const flip = (rand: () => number): boolean | undefined => {
  const x = rand();
  return x < 1 / 3 ? undefined : x < 2 / 3;
};

/** Standing orders drawn at random. */
function randomStanding(s: GfState, rand: () => number): Standing {
  const out: Standing = {};
  const usw = rand();
  if (usw < 1 / 3) out.usw = 'occur';
  else if (usw < 2 / 3) out.usw = 'decline';
  const off = flip(rand);
  const int = flip(rand);
  if (off !== undefined) out.ifOffensive = off;
  if (int !== undefined) out.ifIntercepting = int;
  if (s.battle && rand() < 0.5) out.placements = randomPlacements(s, rand);
  if (s.battle && rand() < 0.5) out.intercepts = randomIntercepts(s, rand);
  const ifContinue = flip(rand);
  const ifStop = flip(rand);
  if (s.battle && ifContinue !== undefined) out.ifContinue = ifContinue;
  if (s.battle && ifStop !== undefined) out.ifStop = ifStop;
  return out;
}

/** The package's `hiddenTwin`: null for the moderator, who sees everything. */
export function hiddenTwin(state: GfState, viewer: Viewer, rand: () => number): HiddenTwin<GfState> | null {
  if (viewer.kind === 'moderator') return null;
  const s = cloneState(state);
  for (const side of SIDE_ORDER) {
    if (viewer.kind === 'seat' && viewer.seat === side) continue;
    s.standing[side] = randomStanding(s, rand);
  }
  const b = s.battle;
  if (b && !b.revealed) {
    b.hidden = { british: shuffled(b.hidden.british, rand), german: shuffled(b.hidden.german, rand) };
  }
  return { state: s, renamed: {} };
}
