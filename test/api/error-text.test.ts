/** Every error code the service answers with has its text in English and Japanese (src/server/error-text.ts). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src/server/error-text.ts';

const root = resolve(import.meta.dirname, '../..');
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'generated') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

it('every code thrown by a service or sent by a route has a Japanese text', () => {
  const code = sources(join(root, 'src'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const thrown = new Set<string>();
  for (const m of code.matchAll(
    /(?:ServiceError|conflict|forbidden|badRequest|notFound|fail|sendError)\([^)]*?'([a-z]+\/[a-z-]+)'/g,
  ))
    thrown.add(m[1]);
  expect(thrown.size).toBeGreaterThan(25);
  const missing = [...thrown].filter((c) => !ERROR_TEXT[c]);
  expect(missing).toEqual([]);
});

it('every code in the error table of docs/api.md has a Japanese text', () => {
  const doc = readFileSync(join(root, 'docs/api.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| status | code | when |'), doc.indexOf('## Endpoints'));
  const codes = new Set<string>();
  for (const line of table.split('\n').filter((l) => /^\| \d{3} \|/.test(l))) {
    const cell = line.split('|')[2];
    for (const m of cell.matchAll(/`([a-z]+\/[a-z-]+|internal)`/g)) codes.add(m[1]);
  }
  expect(codes.size).toBeGreaterThan(40);
  expect([...codes].filter((c) => !ERROR_TEXT[c])).toEqual([]);
  for (const text of Object.values(ERROR_TEXT)) expect(text.ja).toMatch(JAPANESE);
});
