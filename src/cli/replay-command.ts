/** `pbem replay` and `pbem verify`: adjudicate or check a game record (docs/game-record.md). */
import { canonicalJson } from '../engine/canonical-json.ts';
import { recordSchema, replayRecord, verifyRecord, type GameRecord } from '../engine/record.ts';
import { outcomeResult } from '../engine/outcome.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { GameEvent, Outcome } from '../engine/types.ts';
import { reproducibleVersions } from '../engine/rules-version.ts';
import { registeredGame } from './games.ts';
import { UsageError, type CliCommand, type CommandArgs } from './args.ts';
import { readRecordFile } from './record-file.ts';

/** Parses a record and finds its game, with clear errors. */
export function loadRecord(raw: unknown): { record: GameRecord; game: AnyGamePackage } {
  const parsed = recordSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`not a pbem-record/1 game record:\n${issues.join('\n')}`);
  }
  const game = registeredGame(parsed.data.game);
  return { record: parsed.data, game };
}

function runReplay(args: CommandArgs, out: (s: string) => void): number {
  const { record, game } = loadRecord(readRecordFile(args.positionals[0]));
  const result = replayRecord(game, record);
  const outcome = game.outcome(result.envelope.state);
  const expectationProblems = checkExpectations(record, {
    ...(result.envelope.state as object),
    ...(outcome ?? {}),
    steps: result.steps.length,
  });
  if (args.values.text === true) {
    out(textReport(game, record, result.steps, outcome, langOf(args)));
    if (!result.ok)
      out(
        `STOPPED at step ${result.step}: ${result.message}${result.errors ? `\n${formatErrors(result.errors)}` : ''}`,
      );
    for (const p of expectationProblems) out(`EXPECTATION FAILED: ${p}`);
  } else {
    out(
      JSON.stringify(
        {
          ok: result.ok && expectationProblems.length === 0,
          game: record.game,
          mode: record.mode,
          steps: result.steps,
          ...(result.ok ? {} : { stoppedAt: result.step, error: result.message, errors: result.errors }),
          outcome,
          owed: game.owed(result.envelope.state),
          state: result.envelope.state,
          expectationProblems,
        },
        null,
        2,
      ),
    );
  }
  return result.ok && expectationProblems.length === 0 ? 0 : 1;
}

function runVerify(args: CommandArgs, out: (s: string) => void): number {
  const { record, game } = loadRecord(readRecordFile(args.positionals[0]));
  const report = verifyRecord(game, record);
  out(JSON.stringify(report, null, 2));
  // A step resolved under rules this code no longer has: say exactly which (a build with them can verify it).
  if (report.needsRulesVersions.length)
    process.stderr.write(
      `pbem verify: this record needs ${game.id} rules version ${report.needsRulesVersions.join(', ')}; this code reproduces ${reproducibleVersions(game).join(', ')}\n`,
    );
  return report.ok ? 0 : 1;
}

/**
 * Checks a record's `expect` block: each key is looked up in the outcome, then `steps` (the number of steps
 * replayed), then the final game state.
 */
function checkExpectations(record: GameRecord, actual: Record<string, unknown>): string[] {
  if (!record.expect) return [];
  const problems: string[] = [];
  for (const [key, want] of Object.entries(record.expect)) {
    if (canonicalJson(actual[key]) !== canonicalJson(want))
      problems.push(`${key}: expected ${canonicalJson(want)}, got ${canonicalJson(actual[key])}`);
  }
  return problems;
}

function formatErrors(errors: Record<string, { code: string; message: { en: string }; rule: string }[]>): string {
  return Object.entries(errors)
    .flatMap(([seat, list]) => list.map((e) => `  ${seat}: [${e.code}] ${e.message.en} (${e.rule})`))
    .join('\n');
}

/** The language of `--text`: English unless `--lang ja`. */
function langOf(args: CommandArgs): 'en' | 'ja' {
  const lang = args.values.lang;
  if (lang === undefined || lang === 'en') return 'en';
  if (lang === 'ja') return 'ja';
  throw new UsageError('--lang must be en or ja');
}

/** The `pbem replay` command. */
export const replayCommand: CliCommand = {
  synopsis: 'pbem replay FILE [--text [--lang en|ja]]',
  summary: `Adjudicates a game record (docs/game-record.md; FILE "-" reads stdin) and prints every step's events, the
outcome and the final state as JSON, or a readable report with --text. Exit code 1 when the record does not replay
to its expectations.`,
  options: {
    text: { type: 'boolean', help: 'a readable report instead of JSON' },
    lang: { type: 'string', value: 'en|ja', help: 'the language of the report (default en)' },
  },
  positionals: 1,
  run: runReplay,
};

/** The `pbem verify` command. */
export const verifyCommand: CliCommand = {
  synopsis: 'pbem verify FILE',
  summary: `Checks a finished game's record against its dice commitment: the revealed secret, every die
re-derived and every orders digest recomputed (docs/dice.md), each step re-adjudicated under the rules version that
resolved it. Exit code 1 on any mismatch, or when a step needs a rules version this code cannot reproduce (named).`,
  options: {},
  positionals: 1,
  run: runVerify,
};

/** A readable report in English or Japanese: one sentence per event (the game's own words), dice inline. */
function textReport(
  game: AnyGamePackage,
  record: GameRecord,
  steps: { number: number; events: GameEvent[] }[],
  outcome: Outcome | null,
  lang: 'en' | 'ja',
): string {
  const ja = lang === 'ja';
  const side = (seat: string) => game.sides(record.mode).find((s) => s.seat === seat)?.name[lang] ?? seat;
  const lines = [
    ja
      ? `${game.title.ja}（${record.mode}）— ${steps.length}ステップ`
      : `${game.title.en} (${record.mode}) — ${steps.length} steps`,
  ];
  for (const step of steps) {
    lines.push(ja ? `\n== ステップ ${step.number}` : `\n== step ${step.number}`);
    for (const e of step.events) lines.push(`  ${game.describeEvent(e, lang)}${seenBy(e, side, ja)}`);
  }
  if (!outcome) lines.push(ja ? '\n結果: ゲームは終了していない' : '\nOutcome: game not over');
  else {
    const result = outcomeResult(outcome);
    const ids = result.winners.join(', ') || '-';
    const names = result.winners.map(side).join(ja ? '、' : ', ');
    const winner = result.draw ? (ja ? '引き分け' : 'draw') : names || (ja ? 'なし' : 'none');
    const rule = outcome.rule.replace(/ \(.*\)$/, '');
    const who = ja ? `勝者 ${winner}（${ids}）` : `winner${result.winners.length > 1 ? 's' : ''} ${winner} (${ids})`;
    const reason = ja ? outcome.reason.ja.replace(/。$/, '') : outcome.reason.en.replace(/\.$/, '');
    lines.push(ja ? `\n結果: ${who}— ${reason}（${rule}）` : `\nOutcome: ${who} — ${reason} (${rule})`);
  }
  return lines.join('\n');
}

/** Marks an event only some seats see (the replay shows everything, as the moderator sees it). */
function seenBy(e: GameEvent, side: (seat: string) => string, ja: boolean): string {
  if (!e.visibleTo) return '';
  if (!e.visibleTo.length) return ja ? ' ［モデレーターのみ］' : ' [moderator only]';
  const who = e.visibleTo.map(side).join(ja ? '、' : ', ');
  return ja ? ` ［${who}のみ］` : ` [seen only by ${who}]`;
}
