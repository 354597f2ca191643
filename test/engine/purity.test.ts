/**
 * The engine and the games are pure (no clock, no Math.random, no environment, no I/O): a scan of their sources for
 * what would break that. Hashing (node:crypto createHash) is computation and allowed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const FORBIDDEN: [RegExp, string][] = [
  [/Math\.random\s*\(/, 'Math.random'],
  [/\bDate\.now\s*\(|\bnew Date\s*\(/, 'the clock'],
  [/\bperformance\.now\s*\(/, 'the clock'],
  [/\bprocess\.(env|argv|stdout|stderr|exit|hrtime|cwd)\b/, 'the process environment'],
  [/from ['"](node:)?(fs|fs\/promises|net|http|https|child_process|dgram|dns|tls|worker_threads)['"]/, 'I/O modules'],
  [/from ['"](pg|@prisma\/[^'"]+|nodemailer|fastify|pino)['"]|generated\/prisma/, 'the service stack'],
  [/\bfetch\s*\(|setTimeout\s*\(|setInterval\s*\(/, 'timers or the network'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

it.each(['src/engine', 'src/games'])('%s uses no clock, randomness, environment or I/O', (dir) => {
  const files = sources(join(root, dir));
  expect(files.length).toBeGreaterThan(3);
  const found: string[] = [];
  for (const file of files) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''); // comments may name them
    for (const [pattern, what] of FORBIDDEN)
      if (pattern.test(code)) found.push(`${file.slice(root.length + 1)}: ${what}`);
  }
  expect(found).toEqual([]);
});
