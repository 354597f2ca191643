/**
 * The history list of the player's page and the console review: each event is the game's own sentence in the
 * reader's language (rule id included), escaped; a game the service does not know still gets a readable line.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';
import { describe, expect, test } from 'vitest';
import type { GameEvent } from '../../src/engine/types.ts';
import { atlanticWolves } from '../../src/games/atlantic-wolves/index.ts';
import { historyLine } from '../../src/web/page.ts';
import { t } from '../../src/web/strings.ts';

const views = join(fileURLToPath(new URL('../../src/web/', import.meta.url)), 'views');
const eta = new Eta({ views, autoEscape: true });

const events: GameEvent[] = [
  { type: 'die', index: 0, sides: 6, value: 2, purpose: 'AW 8.2 GB-DD1 attacks U03' },
  {
    type: 'attack',
    rule: 'AW 8.2',
    area: 'CB',
    attacker: 'GB-DD1',
    target: 'U03',
    die: 2,
    strength: 3,
    success: true,
    damage: 2,
  },
  { type: 'x<script>', rule: 'AW <b>', note: '<img src=x onerror=alert(1)>' },
];

function render(locale: 'en' | 'ja'): string {
  const lines = events.map((e) => historyLine(atlanticWolves, e, locale));
  return eta.render('./_history', {
    t: (key: Parameters<typeof t>[1], params?: Record<string, string | number>) => t(locale, key, params),
    when: () => '',
    history: [{ number: 3, publishedAt: null, defaultsApplied: [], lines }],
  });
}

describe('history list', () => {
  test('events are sentences in English, dice marked', () => {
    const html = render('en');
    expect(html).toContain('<li class="ev-die">GB-DD1 attacks U03: d6 = 2 (AW 8.2).</li>');
    expect(html).toContain(
      'GB-DD1 (British DD 1) attacks U03 (UB 3 ☆) in the Caribbean: die 2 ≤ strength 3, hit — U03 damage 2 (AW 8.2).',
    );
    expect(html).not.toMatch(/attacker=|damage=2/);
  });

  test('events are sentences in Japanese', () => {
    const html = render('ja');
    expect(html).toContain(
      'GB-DD1（英駆逐艦1）がカリブ海でU03（UB3☆）を攻撃: 出目2 ≦ 戦力3で命中、U03の損害2（AW 8.2）。',
    );
    expect(html).toContain('サイコロ');
  });

  test('event text is escaped', () => {
    const html = render('en');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('a game the service does not know: type, fields and rule', () => {
    expect(historyLine(undefined, { type: 'moved', rule: 'R1', unit: 'A' }, 'en')).toEqual({
      kind: 'event',
      text: 'moved unit=A (R1)',
    });
    expect(historyLine(undefined, { type: 'die', index: 0, sides: 6, value: 5, purpose: 'p' }, 'ja').kind).toBe('die');
  });
});
