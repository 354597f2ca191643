/**
 * Problems of a request's input, as every 400 (and the 422 of game creation) lists them: the path into the input,
 * a stable code and the message in English and Japanese. Built from zod issues, whether they come straight from a
 * `safeParse` or through fastify's schema validation.
 */
import type { Text } from '../engine/types.ts';

/** One problem of a request's input. */
export interface InputIssue {
  /** JSON-pointer style path into the input, e.g. `/deadlines/default/length` (`/` for the whole input). */
  path: string;
  code: string;
  message: Text;
}

/**
 * Sections of an input with codes of their own: a problem under `deadlines` is `deadlines/<kind>` instead of
 * `request/<kind>`, and a request whose every problem lies there is `deadlines/invalid`.
 */
export type InputSections = Readonly<Record<string, string>>;

/** What a custom zod check puts in its issue's params: the stable code and the Japanese message. */
export interface IssueParams {
  code: string;
  ja: string;
}

/** Refine options for a custom check with a stable code and both languages. */
export function checked(code: string, en: string, ja: string): { message: string; params: IssueParams } {
  return { message: en, params: { code, ja } };
}

/** A zod issue as either door presents it. */
interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  params?: Partial<IssueParams>;
  keys?: string[];
  expected?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  format?: string;
  values?: unknown[];
}

const KINDS: Record<string, string> = {
  unrecognized_keys: 'unknown-key',
  invalid_type: 'wrong-type',
  too_big: 'too-big',
  too_small: 'too-small',
  invalid_format: 'bad-format',
  invalid_value: 'bad-value',
  invalid_union: 'bad-value',
  invalid_key: 'bad-key',
  invalid_element: 'bad-value',
  not_multiple_of: 'bad-value',
};

const TYPES_JA: Record<string, string> = {
  string: '文字列',
  number: '数値',
  int: '整数',
  boolean: '真偽値',
  object: 'オブジェクト',
  array: '配列',
  null: 'null',
};

function japanese(issue: IssueLike): string {
  const n = (v: number | bigint | undefined) => String(v ?? '');
  switch (issue.code) {
    case 'unrecognized_keys':
      return `不明な項目です: ${(issue.keys ?? []).map((k) => `「${k}」`).join('、')}`;
    case 'invalid_type':
      return `型が正しくありません（${TYPES_JA[issue.expected ?? ''] ?? issue.expected ?? '別の型'}が必要です）`;
    case 'too_big':
      if (issue.origin === 'string') return `長すぎます（最大${n(issue.maximum)}文字）`;
      if (issue.origin === 'array' || issue.origin === 'set') return `要素が多すぎます（最大${n(issue.maximum)}個）`;
      return `大きすぎます（最大${n(issue.maximum)}）`;
    case 'too_small':
      if (issue.origin === 'string') return `短すぎます（最小${n(issue.minimum)}文字）`;
      if (issue.origin === 'array' || issue.origin === 'set') return `要素が足りません（最小${n(issue.minimum)}個）`;
      return `小さすぎます（最小${n(issue.minimum)}）`;
    case 'invalid_format':
      return issue.format === 'email' ? 'メールアドレスの形式が正しくありません' : '形式が正しくありません';
    case 'invalid_value':
      return issue.values?.length
        ? `次のいずれかにしてください: ${issue.values.map((v) => JSON.stringify(v)).join('、')}`
        : '値が正しくありません';
    default:
      return '値が正しくありません';
  }
}

const pointer = (path: readonly PropertyKey[]) => `/${path.map(String).join('/')}`;

/** The input issues of zod issues; `sections` gives parts of the input codes of their own. */
export function inputIssues(issues: readonly IssueLike[], sections: InputSections = {}): InputIssue[] {
  return issues.map((issue) => {
    const ns = sections[String(issue.path[0])] ?? 'request';
    const code = issue.params?.code ?? `${ns}/${KINDS[issue.code] ?? 'bad-value'}`;
    return { path: pointer(issue.path), code, message: { en: issue.message, ja: issue.params?.ja ?? japanese(issue) } };
  });
}

/** A validation error of fastify-type-provider-zod: the zod issue spread into `params`, its code as `keyword`. */
export interface FastifyZodIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The input issues of fastify's schema validation errors (zod type provider). */
export function inputIssuesOfValidation(
  validation: readonly FastifyZodIssue[],
  sections: InputSections = {},
): InputIssue[] {
  return inputIssues(
    validation.map((v) => ({
      ...(v.params as Omit<IssueLike, 'code' | 'path' | 'message'>),
      code: v.keyword,
      path: v.instancePath === '/' || v.instancePath === '' ? [] : v.instancePath.slice(1).split('/'),
      message: v.message ?? 'invalid',
    })),
    sections,
  );
}

/** The code of a request with these issues: the one section all of them lie in, or `request/invalid`. */
export function invalidCode(issues: readonly InputIssue[]): string {
  const spaces = new Set(issues.map((i) => i.code.split('/')[0]));
  const [only] = spaces;
  return spaces.size === 1 && only !== 'request' ? `${only}/invalid` : 'request/invalid';
}
