/**
 * The layers of src/ read top-down (docs/architecture.md): a scan of every import of src/ for the arrows that must
 * never be, and for import circles. Type-only imports count: a circle of types is still two modules that cannot be
 * understood one before the other.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');

/** Source files of src/ (the generated Prisma client is not ours to arrange). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(src, 'generated') ? [] : sources(path);
    return /\.(ts|mts|mjs)$/.test(name) ? [path] : [];
  });
}

// `import ... from '...'`, `export ... from '...'`, `import '...'` and `import('...')` with a literal path.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s*(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The files of src/ that a file imports (paths relative to the repository). */
function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue; // a package or a node: module
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(`${src}/`) || target.startsWith(join(src, 'generated'))) continue;
    out.push(relative(root, target));
  }
  return out;
}

const files = sources(src).map((f) => relative(root, f));
const graph = new Map(files.map((f) => [f, importsOf(join(root, f))]));

/** Every import of a file under `from` of a file under one of `to`, as "a -> b". */
function arrows(from: string, to: string[]): string[] {
  return [...graph].flatMap(([file, targets]) =>
    file.startsWith(from) ? targets.filter((t) => to.some((p) => t.startsWith(p))).map((t) => `${file} -> ${t}`) : [],
  );
}

/** The pure core and what it may import: nothing of the service (no database, no mail, no web, no jobs). */
const PURE = ['src/engine/', 'src/games/', 'src/orders-text/', 'src/i18n/'];
const SERVICE = files
  .map((f) => `${f.split('/').slice(0, 2).join('/')}${f.split('/').length > 2 ? '/' : ''}`)
  .filter((p, i, all) => all.indexOf(p) === i && !PURE.includes(p));

describe('the layers of src/', () => {
  it('reads every source file and finds imports in them, each of a file that exists', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...graph.values()].flat().filter((t) => !existsSync(join(root, t)))).toEqual([]);
    expect(graph.get('src/services/orders.ts')).toContain('src/services/turn-processor.ts');
    expect(SERVICE).toEqual(expect.arrayContaining(['src/services/', 'src/db/', 'src/config.ts', 'src/mail/']));
  });

  it.each([
    [
      'src/services/',
      ['src/mail/', 'src/web/', 'src/webhooks/'],
      'services tell players through the injected notifier',
    ],
    ['src/services/', ['src/server/', 'src/cli/', 'src/calendar/', 'src/jobs/'], 'services know no caller'],
    [
      'src/queue/',
      ['src/services/', 'src/jobs/', 'src/mail/', 'src/webhooks/', 'src/server/'],
      'queues carry, jobs work',
    ],
    ['src/mail/', ['src/web/'], 'the board both draw is src/board-view/'],
    [
      'src/board-view/',
      ['src/mail/', 'src/web/', 'src/services/', 'src/db/'],
      'the board picture is drawn from the board alone',
    ],
    [
      'src/db/',
      ['src/services/', 'src/mail/', 'src/web/', 'src/jobs/', 'src/server/'],
      'the database layer serves everyone',
    ],
    ['src/config.ts', ['src/services/', 'src/mail/', 'src/web/', 'src/server/'], 'settings are read before anything'],
  ])('%s imports nothing of %j (%s)', (from, to) => {
    expect(arrows(from, to)).toEqual([]);
  });

  it.each(PURE)('%s imports nothing of the service', (from) => {
    expect(arrows(from, SERVICE)).toEqual([]);
  });

  it('src/engine/ imports nothing outside itself: the game contract is the ground floor', () => {
    const outside = [...SERVICE, ...PURE.filter((p) => p !== 'src/engine/')];
    expect(arrows('src/engine/', outside)).toEqual([]);
  });

  it('has no import circle among the files of src/', () => {
    expect(circles(graph)).toEqual([]);
  });
});

/** The strongly connected components of more than one file, or of a file importing itself (Tarjan). */
function circles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (g.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of [...g.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}
