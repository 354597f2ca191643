/** Every adjudication fixture of Operation Crusader (the spec's illustrations OC-X1..X3 and one per rule). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFixtures, runFixture } from './fixture-runner.ts';

const fixtures = loadFixtures(join(import.meta.dirname, 'fixtures'));

describe('Operation Crusader fixtures', () => {
  it('has fixtures for the illustrations', () => {
    expect(fixtures.map((f) => f.id)).toEqual(expect.arrayContaining(['OC-X1', 'OC-X2', 'OC-X3a', 'OC-X3b']));
  });
  it.each(fixtures.map((f) => [`${f.id}: ${f.title} (${f.rules.join(', ')})`, f] as const))('%s', (_label, f) => {
    runFixture(f);
  });
});
