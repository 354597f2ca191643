/**
 * One shape for every game (docs/adding-a-game.md): each registered game's folder has the same top-level entries, so
 * a reader who knows one game knows where everything is in the others, and its `index.ts` is the package and nothing
 * more (one `defineGame` object, every import above it).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.ts';

const gamesDir = resolve(import.meta.dirname, '../../src/games');

/** The top-level entries of a game folder: files as named, folders with a trailing slash. */
const SHAPE = ['data/', 'index.ts', 'options.ts', 'orders/', 'rules/', 'state.ts', 'view/'];

/** The folder of each registered game (the registry's id names it). */
const folders = Object.keys(games).map((id) => [id, join(gamesDir, id)] as const);

describe.each(folders)('%s', (id, dir) => {
  it('has the one shape: index.ts, state.ts, options.ts, data/, rules/, orders/, view/ and nothing else', () => {
    expect(existsSync(dir), `src/games/${id}/ holds the package`).toBe(true);
    const entries = readdirSync(dir)
      .map((name) => (statSync(join(dir, name)).isDirectory() ? `${name}/` : name))
      .sort();
    expect(entries).toEqual(SHAPE);
  });

  it('keeps each layer in its folder: nothing under rules/ reads view/, nothing under data/ reads rules/ or orders/', () => {
    const importsIn = (sub: string): string[] =>
      readdirSync(join(dir, sub), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .flatMap((f) => [...readFileSync(join(dir, sub, f), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]));
    expect(importsIn('rules').filter((p) => /(^|\/)view\//.test(p))).toEqual([]);
    expect(importsIn('data').filter((p) => /(^|\/)(rules|orders|view)\//.test(p))).toEqual([]);
  });

  it('index.ts is one defineGame object with every import above it', () => {
    const code = readFileSync(join(dir, 'index.ts'), 'utf8');
    expect(code.match(/defineGame(<[^>]*>)?\(/g) ?? []).toHaveLength(1);
    const firstStatement = code.search(/^export const /m);
    expect(firstStatement).toBeGreaterThan(0);
    expect(code.slice(firstStatement)).not.toMatch(/^import /m);
  });
});
