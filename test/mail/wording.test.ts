/**
 * Mail wording that agrees with the game, in English and Japanese: a missed-deadline notice speaks to its reader
 * ("you") and has no stray space before a Japanese particle; a digest of one step says "step"; every game's
 * Japanese command list names its own Japanese commands; a reply template whose default orders are empty writes the
 * open choices as order lines (Grand Fleet's arriving ships and face-up fleets) that read back as orders once their
 * `#` is removed, and HELP says so.
 */
import { describe, expect, test } from 'vitest';
import type { ChoiceField, ChoiceTree } from '../../src/engine/types.ts';
import { games } from '../../src/games/index.ts';
import { grandFleet } from '../../src/games/grand-fleet/index.ts';
import type { Locale } from '../../src/i18n/index.ts';
import { choiceLines } from '../../src/mail/choice-lines.ts';
import { replyTemplatePart } from '../../src/mail/compose-action.ts';
import { helpAnswer } from '../../src/mail/compose-reply.ts';
import { resultTitles } from '../../src/mail/compose-result.ts';
import { readOrderText, syntaxFor } from '../../src/orders-text/game-text.ts';
import { parseOrderText } from '../../src/orders-text/parse.ts';
import { missedText, missedWho } from '../../src/services/deadlines/missed.ts';

const when = (d: Date) => d.toISOString();
const LOCALES: Locale[] = ['en', 'ja'];

describe('a missed-deadline notice', () => {
  const names = { en: ['Britain', 'Germany'], ja: ['イギリス軍', 'ドイツ軍'] };
  const sides = ['british', 'german'];

  test('speaks to the reader whose seat missed it, in the second person', () => {
    const en = missedText(
      0,
      { kind: 'defaults' },
      when,
      'en',
      missedWho(sides.slice(0, 1), ['british'], ['Britain'], 'en'),
    );
    expect(en.body).toBe(
      "You (Britain) sent no orders by the deadline of step 0. The engine's default orders were applied (see the result).",
    );
    const ja = missedText(
      0,
      { kind: 'defaults' },
      when,
      'ja',
      missedWho(sides.slice(0, 1), ['british'], ['イギリス軍'], 'ja'),
    );
    expect(ja.body).toBe(
      'あなた（イギリス軍）はステップ 0 の締切までに命令を送りませんでした。あなたの席にはエンジンの既定命令を適用しました（結果に記載）。',
    );
    expect(ja.subject).toBe('締切超過: イギリス軍');
  });

  test('names the others to everyone else, with no stray space before a particle', () => {
    const ja = missedText(3, { kind: 'waiting' }, when, 'ja', missedWho(sides, ['french'], names.ja, 'ja'));
    expect(ja.body).toBe(
      'イギリス軍、ドイツ軍はステップ 3 の締切までに命令を送りませんでした。モデレーターの判断を待ちます。',
    );
    expect(ja.body).not.toMatch(/軍 は/);
    const en = missedText(3, { kind: 'waiting' }, when, 'en', missedWho(sides, [], names.en, 'en'));
    expect(en.body).toBe(
      'Britain, Germany sent no orders by the deadline of step 3. The game waits for the moderator.',
    );
    const mixed = missedText(3, { kind: 'waiting' }, when, 'en', missedWho(sides, ['german'], names.en, 'en'));
    expect(mixed.body).toMatch(/^You \(Germany\) and Britain sent no orders/);
    const mixedJa = missedText(3, { kind: 'waiting' }, when, 'ja', missedWho(sides, ['german'], names.ja, 'ja'));
    expect(mixedJa.body).toMatch(/^あなた（ドイツ軍）とイギリス軍はステップ 3 の/);
  });
});

describe('a digest', () => {
  const input = { stepNumber: 21, digest: true, events: [], board: null, owed: [], deadline: null, outcome: null };
  test('of one step says "step"; of several, "steps" with the span', () => {
    expect(resultTitles('en', input).heading).toBe('Digest of step 21');
    expect(resultTitles('en', { ...input, fromStep: 19 }).heading).toBe('Digest of steps 19–21');
    expect(resultTitles('ja', input).heading).toBe('ステップ 21 のまとめ');
    expect(resultTitles('ja', { ...input, fromStep: 19 }).heading).toBe('ステップ 19–21 のまとめ');
  });
});

describe('the command list', () => {
  test.each(Object.keys(games))('of %s in Japanese names the Japanese commands, which are read as commands', (id) => {
    const ja = syntaxFor(games[id] as never, 'ja');
    for (const word of ['ヘルプ', '状況', '終了']) expect(ja).toContain(word);
    const en = syntaxFor(games[id] as never, 'en');
    expect(en).toMatch(/HELP, STATUS/);
    const read = readOrderText(
      games[id] as never,
      { data: games[id].defaultData, seat: undefined, choices: null },
      'ヘルプ\n状況',
    );
    expect(read.commands.map((c) => c.kind)).toEqual(['help', 'status']);
  });
});

describe('a reply template whose default orders are empty', () => {
  const boxes = [0, 1, 2, 3, 4, 5, 6].map((b) => ({ value: String(b), label: { en: `DDbox ${b}`, ja: `DDbox ${b}` } }));
  const reinforce: ChoiceField = {
    key: 'reinforce.GB42',
    label: { en: 'GB42 Hood (BC)', ja: 'GB42 フッド（BC）' },
    kind: 'one',
    options: boxes,
  };
  const faceUp: ChoiceField = {
    key: 'faceUp',
    label: { en: 'Fast fleets shuffled face up', ja: '表向きにする高速艦隊' },
    kind: 'many',
    options: ['5', '6'].map((n) => ({ value: n, label: { en: `fleet ${n}`, ja: `第${n}艦隊` } })),
    min: 0,
  };
  const tree = (fields: ChoiceField[]): ChoiceTree => ({
    point: 'GF-D2',
    rule: 'GF 6(2)',
    prompt: { en: 'Reinforcements', ja: '増強' },
    fields,
    constraints: [],
  });
  const data = grandFleet.defaultData;

  test.each(LOCALES)('writes the choices as commented order lines that read back as orders (%s)', (locale) => {
    const lines = choiceLines(grandFleet as never, data, 'british', tree([reinforce, faceUp]), {}, locale);
    const reinforceWord = locale === 'ja' ? '増強' : 'REINFORCE';
    const faceUpWord = locale === 'ja' ? '表向き' : 'FACEUP';
    expect(lines).toEqual([
      `# ${reinforce.label[locale]}: 0 DDbox 0 | 1 DDbox 1 | 2 DDbox 2 | 3 DDbox 3 | 4 DDbox 4 | 5 DDbox 5 | 6 DDbox 6`,
      `# ${reinforceWord} GB42 -> 0`,
      `# ${faceUp.label[locale]}: 5 ${locale === 'ja' ? '第5艦隊' : 'fleet 5'} | 6 ${locale === 'ja' ? '第6艦隊' : 'fleet 6'}`,
      `# ${faceUpWord} 5`,
    ]);
    expect(lines.join('\n')).not.toMatch(/reinforce\.GB42/);
    const input = { data, seat: 'british', choices: null };
    // As they are the lines change nothing; with the # removed they are the orders they say.
    expect(
      parseOrderText(grandFleet.grammar as never, grandFleet.grammar!.context(input), lines.join('\n')).statements,
    ).toBe(0);
    const chosen = lines
      .filter((l) => !l.includes(':'))
      .map((l) => l.slice(2))
      .join('\n');
    const read = readOrderText(grandFleet as never, input, chosen);
    expect(read.errors).toEqual([]);
    expect(read.orders).toEqual({ reinforce: { GB42: 0 }, faceUp: [5] });
  });

  test.each(LOCALES)('the template and HELP say how to use the commented lines (%s)', (locale) => {
    const lines = choiceLines(grandFleet as never, data, 'british', tree([reinforce]), {}, locale);
    const reader = { locale, mailToken: 'tok' };
    const [, part] = replyTemplatePart(
      { site: { domain: 'judge.test', from: 'j@judge.test', publicUrl: 'http://x' }, reader },
      lines,
      's',
    );
    expect(part.text).toContain(locale === 'ja' ? '使う行の # を消し' : 'remove the # from those you want');
    const help = helpAnswer(locale, 'syntax', tree([reinforce]), lines)
      .map((p) => p.text)
      .join('\n');
    expect(help).toContain(locale === 'ja' ? '# 増強 GB42 -> 0' : '# REINFORCE GB42 -> 0');
    expect(help).toContain(locale === 'ja' ? '使う行の # を消し' : 'remove the # from those you want');
  });
});

describe('the words of replies', () => {
  test('come from the one catalogue of the pages, every key in English and Japanese both ways', async () => {
    const { mailStringsEn, mailStringsJa, mailText } = await import('../../src/i18n/strings-mail.ts');
    const { stringKeys, t } = await import('../../src/web/strings.ts');
    expect(Object.keys(mailStringsJa).sort()).toEqual(Object.keys(mailStringsEn).sort());
    for (const key of Object.keys(mailStringsEn) as (keyof typeof mailStringsEn)[]) {
      expect(stringKeys.en).toContain(key);
      expect(stringKeys.ja).toContain(key);
      for (const locale of LOCALES) expect(t(locale, key as never)).toBe(mailText(locale, key));
      expect(mailText('ja', key)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(mailText('ja', key)).not.toBe(mailText('en', key));
    }
  });
});

describe("a person's welcome mail (several seats)", () => {
  test.each(LOCALES)(
    'has a "your move by" subject and a reply template with SEAT lines, like one seat (%s)',
    async (locale) => {
      const { composeWelcome } = await import('../../src/mail/compose-welcome.ts');
      const names = { a: { en: 'Allies', ja: '連合軍' }, b: { en: 'Axis', ja: '枢軸軍' } };
      const ctx = {
        site: { domain: 'judge.test', from: 'Judge <judge@judge.test>', publicUrl: 'https://judge.test' },
        game: {
          id: 'g1',
          name: 'G',
          game: 'toy',
          mode: 'mail',
          title: { en: 'Toy', ja: 'トイ' },
          commitment: 'c',
          data: null,
          sides: names,
        },
        person: { id: 'p1', email: 'p@example.org', locale, timeZone: 'Asia/Tokyo', mailToken: 'tok' },
        seats: [
          { id: 's1', side: 'a', sideName: names.a },
          { id: 's2', side: 'b', sideName: names.b },
        ],
      };
      const owed = (seat: string) => ({ seat, point: 'TOY-D1', rule: 'TOY 2', prompt: { en: 'Pick', ja: '選ぶ' } });
      const mail = await composeWelcome(ctx, {
        pageUrl: 'https://judge.test/play/g1',
        owed: [owed('a'), owed('b')],
        deadline: new Date('2031-01-02T12:00:00Z'),
        board: null,
        seats: [
          { side: 'a', board: null, owed: [owed('a')] },
          { side: 'b', board: null, owed: [owed('b')] },
        ],
        syntax: 'PICK n',
        template: ['SEAT a', 'PICK 1', 'SEAT b', 'PICK 1'],
      });
      expect(mail.subject).toMatch(
        locale === 'ja'
          ? /ゲーム開始: 連合軍, 枢軸軍 · あなたの番 \(.+21:00.*まで\)$/
          : /Welcome: you play Allies, Axis · Your move by .+21:00/,
      );
      expect(mail.text).toContain(locale === 'ja' ? '== あなたの返信 ==' : '== Your reply ==');
      expect(mail.text).toContain('SEAT a\nPICK 1\nSEAT b\nPICK 1');
      expect(mail.html).toContain('mailto:orders+tok@judge.test');
    },
  );
});

describe('the reply template of a real Grand Fleet decision with an empty default', () => {
  const DE = (...ns: number[]) => ns.map((n) => `DE${String(n).padStart(2, '0')}`);
  const GB = (...ns: number[]) => ns.map((n) => `GB${String(n).padStart(2, '0')}`);
  const pad = (f: string[][], n: number) => [...f, ...Array.from({ length: n - f.length }, () => [])];

  test.each(LOCALES)(
    'GF-D2 arriving ships and GF-D12 face-up fleets are written as order lines (%s)',
    async (locale) => {
      const { stateFromFixture } = await import('../../src/games/grand-fleet/rules/fixture.ts');
      const { replyTemplateOf } = await import('../../src/mail/compose-action.ts');
      const template = (setup: object, side: string) => {
        const s = stateFromFixture(setup as never);
        expect(grandFleet.defaultOrders(s, side)).toEqual({});
        return replyTemplateOf(grandFleet as never, grandFleet.defaultData, s, side, locale) ?? [];
      };
      const ships = { GB42: 'pending', GB43: 'pending', GB44: 'pending' };
      const d2 = template({ phase: { kind: 'arm-1', sides: ['british', 'german'] }, turn: 2, ships }, 'british');
      const word = locale === 'ja' ? '増強' : 'REINFORCE';
      expect(d2.filter((l) => !l.includes(':'))).toEqual([
        `# ${word} GB42 -> 0`,
        `# ${word} GB43 -> 0`,
        `# ${word} GB44 -> 0`,
      ]);
      expect(d2[0]).toMatch(
        locale === 'ja'
          ? /^# GB42 タイガー（BC）: 0 DDbox 0 \| 1 DDbox 1/
          : /^# GB42 Tiger \(BC\): 0 DDbox 0 \| 1 DDbox 1/,
      );
      const fleets = {
        british: pad([GB(1, 2, 3)], 8),
        german: pad([DE(10, 11, 12), DE(13, 14, 15), DE(19, 20, 31)], 6),
      };
      const d12 = template({ phase: { kind: 'shuffle', sides: ['german'] }, battle: { fleets } }, 'german');
      expect(d12.at(-1)).toBe(locale === 'ja' ? '# 表向き 3' : '# FACEUP 3');
    },
  );
});

describe('the reply composer', () => {
  test('writes no text of its own: every word of a reply comes from the catalogue', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync('src/mail/compose-reply.ts', 'utf8');
    expect(source).not.toMatch(/\bL\(/);
    const words = [...source.matchAll(/mailText\(\w+, '([\w.]+)'/g)].map((m) => m[1]);
    const { mailStringsEn } = await import('../../src/i18n/strings-mail.ts');
    expect(words.length).toBeGreaterThan(15);
    for (const key of words) expect(Object.keys(mailStringsEn)).toContain(key);
  });
});
