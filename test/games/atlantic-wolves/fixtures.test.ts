/**
 * Adjudication fixtures: the spec's worked examples AW-X1..X8 and the rule and option cases, run by one runner.
 */
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { loadFixtures, runFixture } from './fixture-runner.ts';

const dir = fileURLToPath(new URL('../../fixtures/atlantic-wolves/', import.meta.url));
const fixtures = loadFixtures(dir);

describe('Atlantic Wolves adjudication fixtures', () => {
  test.each(fixtures.map((f) => [`${f.id}: ${f.title} [${f.rules.join(', ')}]`, f] as const))('%s', (_name, f) => {
    runFixture(f);
  });
});
