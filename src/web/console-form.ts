/**
 * The console's "create a game" form read into the service's CreateGameInput: options typed from the game's
 * documented values, the data set from JSON (pasted or uploaded), seats, review mode and deadline settings.
 * Returns every problem found, in words a moderator can act on.
 */
import type { AnyGame } from '../engine/types.ts';
import type { CreateGameInput } from '../services/games.ts';

const str = (v: unknown): string =>
  (Array.isArray(v) ? String(v[v.length - 1] ?? '') : v === undefined || v === null ? '' : String(v)).trim();

/** The game's options, each typed as the value its documentation lists; a value not listed is an error. */
function readOptions(def: AnyGame, body: Record<string, unknown>, errors: string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const doc of def.optionDocs) {
    const raw = str(body[`opt.${doc.key}`]);
    if (raw === '') continue;
    const typed = doc.values.find((v) => String(v) === raw);
    if (typed === undefined) errors.push(`option ${doc.key}: "${raw}" is not one of ${doc.values.join(', ')}`);
    else options[doc.key] = typed;
  }
  return options;
}

/** The deadline settings: the default length or time of day, then any settings given as JSON over them. */
function readDeadlines(body: Record<string, unknown>, errors: string[]): Record<string, unknown> {
  let deadlines: Record<string, unknown> = {};
  const length = str(body.deadlineLength);
  const at = str(body.deadlineAt);
  if (length || at) {
    deadlines = {
      timeZone: str(body.deadlineZone) || 'UTC',
      skipWeekends: str(body.skipWeekends) === 'on',
      default: { ...(length ? { length } : {}), ...(at ? { at } : {}) },
    };
  }
  const extra = str(body.deadlinesJson);
  if (extra) {
    try {
      deadlines = { ...deadlines, ...(JSON.parse(extra) as Record<string, unknown>) };
    } catch (e) {
      errors.push(`deadline settings: not valid JSON (${(e as Error).message})`);
    }
  }
  return deadlines;
}

/** Reads the form body; `lookup` finds a game definition by id. */
export function parseCreateForm(
  body: Record<string, unknown>,
  lookup: (id: string) => AnyGame | undefined,
): { ok: true; input: CreateGameInput } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const def = lookup(str(body.game));
  if (!def) return { ok: false, errors: [`unknown game "${str(body.game)}"`] };
  const mode = str(body.mode) || def.modes[0];
  const options = readOptions(def, body, errors);
  let data: unknown;
  const dataText = str(body.data);
  if (dataText) {
    try {
      data = JSON.parse(dataText);
    } catch (e) {
      errors.push(`data set: not valid JSON (${(e as Error).message})`);
    }
  }
  const seats = def.sides(mode).map((side) => {
    const f = (k: string) => str(body[`seat.${side.seat}.${k}`]);
    // A seat the computer plays has no address (src/services/bot-seats.ts).
    if (f('bot') === 'on') return { side: side.seat, bot: true as const, ...(f('name') ? { name: f('name') } : {}) };
    if (!f('email')) errors.push(`seat ${side.seat}: an email address is required (or the computer player)`);
    return {
      side: side.seat,
      email: f('email'),
      ...(f('name') ? { name: f('name') } : {}),
      locale: f('locale') === 'ja' ? ('ja' as const) : ('en' as const),
      timeZone: f('timeZone') || 'UTC',
    };
  });
  const deadlines = readDeadlines(body, errors);
  const graceHours = Number(str(body.graceHours) || '0');
  if (!Number.isFinite(graceHours) || graceHours < 0) errors.push('grace: a number of hours (0 or more)');
  const policy = str(body.missedPolicy) || 'wait';
  const botAfterMisses = Number(str(body.botAfterMisses) || '2');
  if (!Number.isInteger(botAfterMisses) || botAfterMisses < 0)
    errors.push('computer player after missed deadlines: a whole number (0 = never)');
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      game: def.id,
      mode,
      ...(str(body.name) ? { name: str(body.name) } : {}),
      options,
      ...(data !== undefined ? { data } : {}),
      review: str(body.review) === 'moderator' ? 'moderator' : 'auto',
      ...(str(body.moderatorEmail) ? { moderatorEmail: str(body.moderatorEmail) } : {}),
      seats,
      deadlines,
      graceSeconds: Math.round(graceHours * 3600),
      missedPolicy: policy as CreateGameInput['missedPolicy'],
      botAfterMisses,
    },
  };
}
