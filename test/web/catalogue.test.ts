/**
 * The words a player or moderator reads come in both languages: the page catalogue has every key in English and
 * Japanese with the same placeholders; the page templates say nothing outside it (no literal words in text or in
 * the attributes a reader sees, and every key they use exists); every English text a mail composer writes has a
 * Japanese text beside it that is not a copy of it; the mails and notices listed in CATALOGUED write no Japanese
 * literal and no `L(locale, en, ja)` pair of their own, and every key of the mail catalogue is used.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mailStringsEn, mailStringsJa } from '../../src/i18n/strings-mail.ts';
import { stringKeys, t } from '../../src/web/strings.ts';

const VIEWS = 'src/web/views';
/** Language names are written in their own language on every page (the language switch, the seat's language). */
const ENDONYMS = new Set(['English', '日本語']);
const WORDS = /[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{2,}/;

/** The text a template shows outside its code: text nodes and reader-facing attribute values. */
function literalsOf(template: string): string[] {
  const markup = template
    .replace(/<%[\s\S]*?%>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/&[a-z]+;/g, ' ');
  const attributes = [...markup.matchAll(/\s(?:title|alt|placeholder|aria-label)="([^"]*)"/g)].map((m) => m[1]);
  const text = markup.replace(/<[^>]*>/g, '\n').split('\n');
  return [...text, ...attributes].map((l) => l.trim()).filter((l) => WORDS.test(l) && !ENDONYMS.has(l));
}

describe('the page catalogue', () => {
  it('has every key in both languages, none empty, with the same placeholders', () => {
    expect([...stringKeys.ja].sort()).toEqual([...stringKeys.en].sort());
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of stringKeys.en) {
      const en = t('en', key as never);
      const ja = t('ja', key as never);
      expect(en.trim(), key).not.toBe('');
      expect(ja.trim(), key).not.toBe('');
      expect(holes(ja), key).toEqual(holes(en));
    }
  });

  it.each(readdirSync(VIEWS).filter((f) => f.endsWith('.eta')))('%s says nothing outside the catalogue', (file) => {
    const template = readFileSync(join(VIEWS, file), 'utf8');
    expect(literalsOf(template)).toEqual([]);
    for (const m of template.matchAll(/\bit\.t\('([\w.]+)'/g))
      expect(stringKeys.en, `${file}: ${m[1]}`).toContain(m[1]);
  });

  it('the literal check itself finds a literal word and a literal attribute', () => {
    expect(literalsOf('<p>Hello <%= it.t("x") %></p><img alt="a map">')).toEqual(['Hello', 'a map']);
    expect(literalsOf('<p><%= it.t("x") %> &lt;<%= it.email %>&gt;</p><b>English</b>')).toEqual([]);
  });
});

/** Every call `L(locale, en, ja)` in a mail composer whose two texts are written out (literals or templates). */
function bilingualCalls(file: string): { en: string; ja: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { en: string; ja: string; line: number }[] = [];
  const textOf = (n: ts.Node) =>
    ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)
      ? n.text
      : ts.isTemplateExpression(n)
        ? [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(' ')
        : null;
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'L' &&
      n.arguments.length === 3
    ) {
      const en = textOf(n.arguments[1]);
      const ja = textOf(n.arguments[2]);
      const line = source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      if (en !== null && ja !== null) found.push({ en, ja, line });
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe('the mail composers', () => {
  const files = readdirSync('src/mail')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join('src/mail', f));
  const calls = files.flatMap((file) => bilingualCalls(file).map((c) => ({ ...c, file })));

  it('write their texts in both languages', () => {
    // Written out beside each other, or taken from the mail part of the one catalogue (checked above with the rest).
    expect(calls.length + Object.keys(mailStringsEn).length).toBeGreaterThan(50);
    expect(stringKeys.en).toEqual(expect.arrayContaining(Object.keys(mailStringsEn)));
  });

  it('never leave the Japanese text an English copy', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
    const untranslated = calls.filter((c) => WORDS.test(c.en) && (c.ja === c.en || !japanese.test(c.ja)));
    expect(untranslated.map((c) => `${c.file}:${c.line} ${c.ja}`)).toEqual([]);
  });
});

/** The mail composers and notices whose every word comes from the catalogue (src/i18n/strings-mail*.ts). */
const CATALOGUED = [
  'src/mail/compose-reply.ts',
  'src/mail/compose-welcome.ts',
  'src/mail/compose-result.ts',
  'src/mail/compose-parts.ts',
  'src/mail/compose-action.ts',
  'src/mail/compose-refusal.ts',
  'src/mail/render.ts',
  'src/mail/order-mail-commands.ts',
  'src/mail/repeats.ts',
  'src/mail/sign-in-mail.ts',
  'src/mail/digest.ts',
  'src/mail/unanswered.ts',
  'src/mail/notices.ts',
  'src/mail/bounces.ts',
  'src/mail/board-words.ts',
  'src/mail/order-mail.ts',
  'src/services/rejection.ts',
  'src/services/deadlines/missed.ts',
  'src/services/deadlines/changes.ts',
  'src/services/deadlines/absences.ts',
  'src/services/deadlines/opened.ts',
  'src/services/deadlines/policy.ts',
  'src/services/rules-upgrade-text.ts',
  'src/services/rules-refusal.ts',
];

/** The Japanese literals (strings and template texts, not comments) of a file, and its `L(locale, en, ja)` calls. */
function inlineTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    const literal =
      ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n) ? n.text : null;
    if (literal !== null && japanese.test(literal)) found.push(`${file}:${line} ${literal}`);
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'L')
      found.push(`${file}:${line} L(...)`);
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** Every source file outside the catalogue (where a key of it may be used). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('the mails from the one catalogue', () => {
  it.each(CATALOGUED)('%s writes no text of its own', (file) => {
    expect(inlineTexts(file)).toEqual([]);
  });

  it('the inline check itself finds a Japanese literal, a Japanese template text and an L call', () => {
    const probe = join(tmpdir(), 'catalogue-probe.ts');
    const template = ['`x $', '{a}の結果`'].join('');
    writeFileSync(probe, `// 日本語 in a comment\nconst a = '命令';\nconst b = ${template};\nL(lc, 'x', 'y');\n`);
    expect(inlineTexts(probe).map((l) => l.replace(`${probe}:`, ''))).toEqual(['2 命令', '3 の結果', '4 L(...)']);
  });

  it('has every mail key in both languages, and uses every one of them', () => {
    expect(Object.keys(mailStringsJa).sort()).toEqual(Object.keys(mailStringsEn).sort());
    const code = sourceFiles('src')
      .filter((f) => !f.startsWith(join('src', 'i18n')) && !f.startsWith(join('src', 'web', 'strings')))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = Object.keys(mailStringsEn).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
