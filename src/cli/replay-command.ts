/** `pbem replay` and `pbem verify`: adjudicate or check a game record (docs/game-record.md). */
import { canonicalJson } from '../engine/canonical-json.ts';
import { recordSchema, replayRecord, verifyRecord, type GameRecord } from '../engine/record.ts';
import type { AnyGame, GameEvent } from '../engine/types.ts';
import { getGame } from '../games/index.ts';
import type { ParsedArgs } from './args.ts';

/** Parses a record and finds its game, with clear errors. */
export function loadRecord(raw: unknown): { record: GameRecord; game: AnyGame } {
  const parsed = recordSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`not a pbem-record/1 game record:\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n')}`);
  }
  const game = getGame(parsed.data.game);
  if (!game) throw new Error(`unknown game "${parsed.data.game}"`);
  return { record: parsed.data, game };
}

export function runReplay(raw: unknown, args: ParsedArgs, out: (s: string) => void): number {
  const { record, game } = loadRecord(raw);
  const result = replayRecord(game, record);
  const outcome = game.outcome(result.envelope.state);
  const expectationProblems = checkExpectations(record, { ...(result.envelope.state as object), ...(outcome ?? {}), steps: result.steps.length });
  if (args.flags.has('text')) {
    out(textReport(game, record, result.steps, outcome));
    if (!result.ok) out(`STOPPED at step ${result.step}: ${result.message}${result.errors ? `\n${formatErrors(result.errors)}` : ''}`);
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

export function runVerify(raw: unknown, out: (s: string) => void): number {
  const { record, game } = loadRecord(raw);
  const report = verifyRecord(game, record);
  out(JSON.stringify(report, null, 2));
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
    if (canonicalJson(actual[key]) !== canonicalJson(want)) problems.push(`${key}: expected ${canonicalJson(want)}, got ${canonicalJson(actual[key])}`);
  }
  return problems;
}

function formatErrors(errors: Record<string, { code: string; message: { en: string }; rule: string }[]>): string {
  return Object.entries(errors)
    .flatMap(([seat, list]) => list.map((e) => `  ${seat}: [${e.code}] ${e.message.en} (${e.rule})`))
    .join('\n');
}

/** A readable report: one line per event, dice shown inline. */
function textReport(game: AnyGame, record: GameRecord, steps: { number: number; events: GameEvent[] }[], outcome: unknown): string {
  const lines = [`${game.title.en} (${record.mode}) — ${steps.length} steps`];
  for (const step of steps) {
    lines.push(`\n== step ${step.number}`);
    for (const e of step.events) lines.push(`  ${describeEvent(e)}`);
  }
  lines.push(`\nOutcome: ${outcome ? JSON.stringify(outcome) : 'game not over'}`);
  return lines.join('\n');
}

function describeEvent(e: GameEvent): string {
  if (e.type === 'die') return `die #${e.index} d${e.sides} = ${e.value} (${e.purpose})`;
  const text = (e as { text?: { en?: string } }).text?.en;
  const { type, rule, visibleTo, ...rest } = e;
  const hidden = visibleTo ? ` [seen by ${visibleTo.join(', ')}]` : '';
  return `${type}${rule ? ` (${rule})` : ''}${hidden}: ${text ?? JSON.stringify(rest)}`;
}
