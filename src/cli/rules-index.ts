/**
 * The rule-id index behind `pbem rules`: every place a game's rule ids (`XX 8[2][5]`, `XX 8.2[5]`, `XX-A05`) are
 * cited in src/ (implemented) and test/ (tested), found by reading the files, not by a pattern a shell would mangle
 * (brackets and parentheses are part of an id). A game's prefix is not declared anywhere: it is the prefix its own
 * folder cites most, so the index follows the files wherever they move inside that folder.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where one rule id is cited: a path relative to the repository and a 1-based line. */
export interface Citation {
  file: string;
  line: number;
}

/** One rule id with the places that implement it (src/) and test it (test/), each sorted by file and line. */
export interface RuleEntry {
  id: string;
  implemented: Citation[];
  tested: Citation[];
}

/** The files read: source, scripts and data (not the generated Prisma client). */
const READ = /\.(ts|mts|mjs|js|json)$/;

/** Every file under `dir` that the index reads, as absolute paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'generated') return [];
    if (statSync(path).isDirectory()) return filesUnder(path);
    return READ.test(name) ? [path] : [];
  });
}

/** Escapes a string for a regular expression. */
const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rule ids of prefix `prefix` as the code cites them: `P-A05`, `P-AD1`, `P-D12`, `P-X2` (decision points,
 * additions, examples), or `P 8`, `P 8.2`, followed by any number of `[..]` and `(..)` parts (`P 8[4.2][5]`,
 * `P 6.3(2)[3]`, `P 7(b)[4a]`). A closing bracket that opens nothing (`(XX 8[2]).`) is not part of the id.
 */
export function ruleIdPattern(prefix: string): RegExp {
  const p = escaped(prefix);
  return new RegExp(
    `(?<![\\w-])${p}(?:-(?:AD|A|D|X)\\d+|[ ]\\d+(?:\\.\\d+)?(?:\\[[\\w.]+\\]|\\([\\w.]+\\))*)(?!\\w)`,
    'g',
  );
}

/** Any rule-id-looking token: a prefix of 2 to 4 capitals before `-A|AD|D|X<n>` or ` <n>`. */
const ANY_PREFIX = /(?<![\w-])([A-Z]{2,4})(?:-(?:AD|A|D|X)\d+|[ ]\d)/g;

/** The prefix the files of a game's folder cite most (null when they cite none). */
export function rulePrefixOf(folder: string): string | null {
  const counts = new Map<string, number>();
  for (const file of filesUnder(folder)) {
    for (const m of readFileSync(file, 'utf8').matchAll(ANY_PREFIX)) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return best ? best[0] : null;
}

/** Compares rule ids part by part, numbers as numbers (`XX 8[2]` < `XX 8[2][1]` < `XX 8[10]`). */
export function compareRuleIds(a: string, b: string): number {
  const parts = (s: string) => s.split(/([0-9]+)/).filter((p) => p !== '');
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

const byPlace = (a: Citation, b: Citation): number => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1);

/**
 * Every rule id of `prefix` cited under `root`'s src/ and test/, or only `only` (matched exactly as cited), sorted
 * by id; each with its citations, sorted by file and line (a line citing an id twice counts once).
 */
export function ruleIndex(root: string, prefix: string, only?: string): RuleEntry[] {
  const pattern = ruleIdPattern(prefix);
  const entries = new Map<string, RuleEntry>();
  for (const [dir, kind] of [
    ['src', 'implemented'],
    ['test', 'tested'],
  ] as const) {
    for (const path of filesUnder(join(root, dir))) {
      const file = relative(root, path);
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          for (const id of new Set([...text.matchAll(pattern)].map((m) => m[0]))) {
            if (only !== undefined && id !== only) continue;
            const entry = entries.get(id) ?? { id, implemented: [], tested: [] };
            entry[kind].push({ file, line: i + 1 });
            entries.set(id, entry);
          }
        });
    }
  }
  return [...entries.values()]
    .map((e) => ({ ...e, implemented: e.implemented.sort(byPlace), tested: e.tested.sort(byPlace) }))
    .sort((a, b) => compareRuleIds(a.id, b.id));
}
