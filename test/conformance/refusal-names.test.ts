/**
 * Refusals speak to players in names, never in the engine's ids, in English and Japanese: for every registered
 * game and mode, a random legal game is played (support/order-twins.ts) and at each step every owed seat's orders
 * are spoiled in the ways players get them wrong: another point's answer (the random player's orders of other
 * steps), a field left out, the other seat's orders, numbers pushed out of range, lists cut or doubled, and the
 * wrong unit, area, ship or nation (each named id replaced by the next of its kind). Every refusal the engine
 * gives is scanned: its Japanese text may carry no English word of the engine's vocabulary (a field, seat, nation or
 * option id such as `withdraw`, `austria`, `counterattack`), and an id of a named thing of the data (a unit, area,
 * ship, hex, nation) only beside that thing's Japanese name; each refusal has a rule or a code and text in both
 * languages.
 */
import { describe, expect, test } from 'vitest';
import type { AnyGamePackage } from '../../src/engine/game-package.ts';
import type { RuleError, SeatId } from '../../src/engine/types.ts';
import { serviceGame } from './support/order-twins.ts';
import { randomSource, registered } from './support/random-game.ts';

/** Steps played per mode. */
const MAX_STEPS = 120;

/** Lower-case ASCII words allowed in Japanese text: notation, not ids. */
const NOTATION = new Set(['min', 'max']);

/** Named things of the data set: each id with its Japanese name, and the ids of its kind (the list it is in). */
interface Named {
  ja: Map<string, string>;
  kind: Map<string, string[]>;
}

/** Every id with a Japanese name in the data set: `{ id, name: { ja } }` objects, and names keyed by id. */
function namedIds(data: unknown): Named {
  const ja = new Map<string, string>();
  const kind = new Map<string, string[]>();
  const nameOf = (o: Record<string, unknown>) => {
    const name = o.name as { ja?: unknown } | undefined;
    return typeof name?.ja === 'string' ? name.ja : undefined;
  };
  const walk = (x: unknown, key?: string) => {
    if (Array.isArray(x)) {
      const ids = x.flatMap((y) => (y && typeof y === 'object' && nameOf(y) && typeof y.id === 'string' ? [y.id] : []));
      for (const id of ids) kind.set(id, ids);
      for (const y of x) walk(y);
    } else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      const name = nameOf(o);
      if (name && typeof o.id === 'string') ja.set(o.id, name);
      else if (name && key) ja.set(key, name);
      for (const [k, v] of Object.entries(o)) walk(v, k);
    }
  };
  walk(data);
  for (const id of [...ja.keys()]) if (/^\d+$/.test(id)) ja.delete(id);
  return { ja, kind };
}

/** Every named id in a JSON value (strings and keys) replaced by the next id of its kind: the wrong unit, area... */
function renamed(x: unknown, named: Named): unknown {
  const next = (id: string) => {
    const ids = named.kind.get(id);
    return ids && ids.length > 1 ? ids[(ids.indexOf(id) + 1) % ids.length] : id;
  };
  if (typeof x === 'string') return next(x);
  if (Array.isArray(x)) return x.map((y) => renamed(y, named));
  if (x && typeof x === 'object')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [next(k), renamed(v, named)]));
  return x;
}

const token = (id: string) =>
  new RegExp(`(?<![A-Za-z0-9_-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_-])`);

/** The engine's words: every key of the orders played and every seat, less the named ids and numbers. */
function vocabulary(played: Record<SeatId, unknown>[], named: Named): Set<string> {
  const out = new Set<string>();
  const walk = (x: unknown) => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x && typeof x === 'object')
      for (const [k, v] of Object.entries(x)) {
        out.add(k);
        walk(v);
      }
  };
  for (const step of played) {
    for (const seat of Object.keys(step)) out.add(seat);
    walk(step);
  }
  for (const w of [...out]) if (named.ja.has(w) || /^\d+$/.test(w) || w.length < 3) out.delete(w);
  return out;
}

/** What is wrong with one refusal's Japanese text ('' when nothing). */
function rawIdIn(e: RuleError, named: Named, words: Set<string>): string {
  const used = [...words].find((w) => token(w).test(e.message.ja));
  if (used) return `English id "${used}"`;
  const ja = e.message.ja.replace(/「[^」]*」/g, '「」'); // other text the player wrote, quoted, is theirs
  const word = ja.match(/(?<![A-Za-z0-9_-])[a-z][A-Za-z]{2,}(?![A-Za-z0-9_-])/g)?.find((w) => !NOTATION.has(w));
  if (word) return `English id "${word}"`;
  for (const [id, name] of named.ja)
    if (token(id).test(ja) && !ja.includes(name)) return `id "${id}" without its name ${name}`;
  return '';
}

/** A JSON value with numbers pushed out of range and lists trimmed or doubled. */
function bent(x: unknown, depth = 0): unknown {
  if (typeof x === 'number') return x + 7;
  if (Array.isArray(x)) return x.length > 1 ? x.slice(0, 1) : [...x, ...x];
  if (x && typeof x === 'object' && depth < 3)
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, bent(v, depth + 1)]));
  return x;
}

/** Spoiled orders of `seat` at step `k`: see the module comment. */
function* spoiled(played: Record<SeatId, unknown>[], k: number, seat: SeatId, named: Named): Generator<unknown> {
  const mine = played[k][seat] as Record<string, unknown>;
  for (const [j, step] of played.entries()) if (j !== k && step[seat] !== undefined) yield step[seat];
  for (const other of Object.keys(played[k])) if (other !== seat) yield played[k][other];
  if (mine && typeof mine === 'object') {
    for (const key of Object.keys(mine)) {
      const { [key]: _gone, ...rest } = mine;
      yield rest;
      yield { ...mine, [key]: bent(mine[key]) };
      yield { ...mine, [key]: renamed(mine[key], named) };
    }
    yield bent(mine);
    yield renamed(mine, named);
  }
}

interface Scan {
  refusals: number;
  faults: string[];
}

function scanMode(game: AnyGamePackage, mode: string): Scan {
  const steps = serviceGame(game, mode, 'ab'.repeat(32), randomSource(`${game.id}-${mode}-names`), MAX_STEPS);
  const played = steps.map((s) => s.orders as Record<SeatId, unknown>);
  const scan: Scan = { refusals: 0, faults: [] };
  const named = namedIds((steps[0]?.before.state as { data?: unknown } | undefined)?.data);
  const words = vocabulary(played, named);
  for (const [k, s] of steps.entries()) {
    for (const { seat } of s.owed)
      for (const orders of spoiled(played, k, seat, named)) {
        const parsed = game.ordersSchema.safeParse(orders);
        if (!parsed.success) continue;
        for (const e of game.validate(s.before.state, seat, parsed.data)) {
          scan.refusals++;
          const fault = rawIdIn(e, named, words);
          if (!e.message.en || !e.message.ja) scan.faults.push(`${e.code}: a language is missing`);
          if (!e.code || !e.rule) scan.faults.push(`${e.code}: no code or no rule`);
          if (fault) scan.faults.push(`${e.code} (${fault}): ${e.message.ja}`);
        }
      }
  }
  return scan;
}

const games = registered.filter(([id]) => id !== 'toy');

describe('refusals name things, never the engine ids, in Japanese', () => {
  test.each(games)(
    '%s',
    (_id, game) => {
      const scans = game.modes.map((mode) => scanMode(game, mode));
      const faults = [...new Set(scans.flatMap((s) => s.faults))];
      expect(scans.reduce((n, s) => n + s.refusals, 0)).toBeGreaterThan(50);
      expect(faults).toEqual([]);
    },
    120_000,
  );
});
