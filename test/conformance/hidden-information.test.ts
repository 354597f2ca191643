/**
 * Conformance, for every registered game: hidden information leaves no trace (order, count, position, absence).
 * Random legal games of every mode, under options drawn from the documented values, are checked at points drawn
 * across every decision point they met. At each, for a seat or the public, the package's `hiddenTwin` gives a second
 * position that differs only in what that viewer may not see, and everything the viewer is given must be
 * byte-identical (support/viewer-outputs.ts):
 *   - the position: view, what is owed, choices, the web form, HELP, board, map model, SVG map (wide and column),
 *     the mails' map table, STATUS;
 *   - the step into it, run again from a twin of the position before it with the same dice: the visible events,
 *     their history lines, the result mail (subject, text, HTML, map picture), the record built for the viewer,
 *     and the position it ends in.
 * A game without `hiddenTwin` fails here unless it declares `openInformation`, which is checked in turn: every seat
 * and the public are shown the moderator's view, board and events.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import { getGame } from '../../src/games/index.ts';
import { optionsArbitrary, playRandomGame, randomSource, registered } from './support/random-game.ts';
import { checkGame, emptyTally, openInformationLeaks, type Tally } from './support/twin-checks.ts';

/** Random games per mode, and points checked per game. */
const GAMES = 16;
const POINTS = 8;

/** How the property applies to a package, or why it cannot. */
function hiddenInformationPlan(game: AnyGamePackage): 'twins' | 'open' {
  if (game.hiddenTwin) return 'twins';
  if (game.openInformation) return 'open';
  throw new Error(
    `${game.id}: the package gives no hiddenTwin and does not declare openInformation. A game that hides anything ` +
      'from a seat or the public must give hiddenTwin (a position the viewer cannot tell apart from another), so ' +
      'that its hidden information is checked; a game that hides nothing declares openInformation: true ' +
      '(docs/contract.md, docs/adding-a-game.md).',
  );
}

/** The property over random games of one mode. */
async function checkMode(game: AnyGamePackage, mode: string, runs: number): Promise<Tally> {
  const tally = emptyTally();
  const seeds = fc.integer({ min: 1, max: 2 ** 30 });
  const property = fc.asyncProperty(optionsArbitrary(game), seeds, async (options, n) => {
    const played = playRandomGame(game, { mode, options, seed: `hidden-${n}` });
    expect(played.problems).toEqual([]);
    await checkGame(played, POINTS, randomSource(`points-${n}`), tally);
  });
  await fc.assert(property, { numRuns: runs });
  return tally;
}

describe.each(registered)('%s', (_id, game) => {
  const tallies: Tally[] = [];

  it('tells the suite how its hidden information is checked', () => {
    expect(['twins', 'open']).toContain(hiddenInformationPlan(game));
  });

  it.each(game.modes.map((mode) => [mode]))(
    '%s: positions that differ only in what a viewer may not see look alike to it',
    async (mode) => {
      if (hiddenInformationPlan(game) === 'open') {
        for (const n of [1, 2, 3])
          expect(openInformationLeaks(playRandomGame(game, { mode, seed: `open-${n}` }))).toEqual([]);
        return;
      }
      const tally = await checkMode(game, mode, GAMES);
      console.info(`[hidden information] ${game.id} ${mode}: ${JSON.stringify(tally)}`);
      expect(tally.points).toBe(GAMES * POINTS);
      tallies.push(tally);
    },
    // Pure computation (random games worked out and compared): it takes its time on a loaded machine.
    120_000,
  );

  it.skipIf(game.openInformation && !game.hiddenTwin)('was not checked in vain', () => {
    // Over all modes (a mode may hide nothing): most points compared, many twins really differ, and steps were run
    // again and compared.
    const sum = (key: keyof Tally) => tallies.reduce((n, t) => n + t[key], 0);
    expect(tallies).toHaveLength(game.modes.length);
    expect(sum('positions')).toBeGreaterThan(sum('points') / 3);
    expect(sum('differing')).toBeGreaterThan(sum('points') / 4);
    expect(sum('steps')).toBeGreaterThan(sum('points') / 10);
  });
});

describe('the hidden-information property itself', () => {
  const toy = getGame('toy')!;

  it('fails, saying what to do, for a game that neither gives hiddenTwin nor declares openInformation', () => {
    const silent: AnyGamePackage = { ...toy, id: 'toy-without-twins', hiddenTwin: undefined };
    expect(() => hiddenInformationPlan(silent)).toThrow(
      /toy-without-twins: the package gives no hiddenTwin.*openInformation/,
    );
  });

  it('catches a game that declares open information but hides something', () => {
    const claims: AnyGamePackage = { ...toy, id: 'toy-open', hiddenTwin: undefined, openInformation: true };
    expect(hiddenInformationPlan(claims)).toBe('open');
    const leaks = [1, 2, 3].flatMap((n) =>
      openInformationLeaks(playRandomGame(claims, { mode: 'mail', seed: `o${n}` })),
    );
    expect(leaks.join('\n')).toMatch(/: view/);
    expect(leaks.join('\n')).toMatch(/: events/);
  });

  it('catches a view that shows a seat what it may not see', async () => {
    const leaky: AnyGamePackage = {
      ...toy,
      id: 'toy-leaky',
      view: (state, viewer) => ({ ...(toy.view(state, viewer) as object), notes: (state as { notes: unknown }).notes }),
    };
    const failure = await checkMode(leaky, 'mail', 10).then(
      () => null,
      (error: Error) => error,
    );
    // fast-check reports the counterexample; the assertion that failed is its cause.
    expect(String((failure?.cause as Error | undefined)?.message ?? failure)).toMatch(/view differs/);
  });
});
