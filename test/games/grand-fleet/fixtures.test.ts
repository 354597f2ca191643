/** Every adjudication fixture of fixtures/*.json (spec section 6 illustrations, designer's examples, one per rule). */
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { loadFixtures, runFixture } from './fixture-runner.ts';

const fixtures = loadFixtures(fileURLToPath(new URL('./fixtures', import.meta.url)));

describe('Grand Fleet fixtures', () => {
  it.each(fixtures.map((f) => [`${f.id} ${f.title} (${f.rules.join(', ')})`, f] as const))('%s', (_label, f) => {
    runFixture(f);
  });
});
