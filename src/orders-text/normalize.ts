/**
 * Text normalisation shared by every order grammar: full-width and half-width forms folded (NFKC), case folded,
 * and name keys that ignore spaces, middle dots, hyphens and small/large kana differences, so that
 * `Western Approaches`, `ＷＥＳＴＥＲＮ－ＡＰＰＲＯＡＣＨＥＳ`, `ウエスタン・アプローチ` and `ｳｴｽﾀﾝｱﾌﾟﾛｰﾁ` all find one area.
 */

/** NFKC (full-width ASCII -> ASCII, half-width katakana -> full-width) and the arrows and dashes people type. */
export function normalizeText(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/[\u2192\u21D2\u27A1\u2794\u21E8]/g, '->') // → ⇒ ➡ ➔ ⇨
    .replace(/[\u2010-\u2015\u2212\u30FC\uFF70](?=>)/g, '-') // dash variants before ">"
    .replace(/[\u3000\u00A0\t]/g, ' ') // ideographic and no-break spaces
    .replace(/[\u3001\uFF64]/g, ',') // Japanese comma 、
    .replace(/[\uFF1A]/g, ':');
}

const SMALL_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  っ: 'つ',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
};

/**
 * The key a name is looked up by: normalised, lower case, without spaces, dots, hyphens, underscores, apostrophes,
 * long-vowel marks or ヤ/ギヤ-style small-kana differences (the rulebook prints 中央ギヤップ for 中央ギャップ).
 */
export function nameKey(input: string): string {
  return normalizeText(input)
    .toLowerCase()
    .replace(/[\s._\-'’・･ー‐–—☆★]/g, '')
    .replace(/[ァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎ]/g, (c) => SMALL_KANA[c] ?? c);
}

/** Splits a line into tokens: runs of non-space, with `->`, `,` and `:` as separators of their own. */
export function tokenize(line: string): string[] {
  return line
    .replace(/->/g, ' -> ')
    .replace(/[,:;]/g, (c) => ` ${c} `)
    .split(/\s+/)
    .filter((t) => t.length > 0);
}
