/**
 * The moderator's rules upgrade (docs/contract.md, "Rules versions"): a running game re-adjudicated under the rules
 * version of the installed code. The preview replays every recorded order from the start under the new rules, with
 * the game's committed dice, and lists per step what would change as each seat sees it (its visible events and its
 * view of the position). Applying it (audited) moves the game to the new version: the current step starts from the
 * replayed position; the steps already played stay as they were resolved and published, each with its version. Every
 * player is told by mail with that seat's list.
 */
import { rulesFor } from '../engine/rules-version.ts';
import { changesFor, replayUnder, type RecordedStep, type StepChange } from '../engine/rules-diff.ts';
import { checkOrders, type Envelope } from '../engine/step-runner.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { GameEvent, RuleError } from '../engine/types.ts';
import type { Game } from '../generated/prisma/client.ts';
import { audit } from './audit.ts';
import { seatColumns } from './deadlines/missed.ts';
import { queueNoticeMails } from './deadlines/notices.ts';
import { requireGame, type ServiceDeps, type Tx } from './deps.ts';
import { conflict, notFound } from './errors.ts';
import { asEnvelope, asJson } from './json.ts';
import { upgradeNoticeText } from './rules-upgrade-text.ts';
import { forgetEnvelope } from './step-envelopes.ts';
import { lockGame, resolveIfReady, RESOLVE_TX } from './turn-processor.ts';

/** One viewer's list: a seat's (what it sees) or the moderator's (everything). */
export interface ViewerChanges {
  viewer: string;
  steps: StepChange[];
}

/** What the upgrade would do. */
export interface RulesUpgradePlan {
  game: string;
  from: string;
  to: string;
  /** Whether it can be applied now, and if not, why (the same reason the apply gives). */
  applicable: boolean;
  blocked: { code: string; message: string; details?: unknown } | null;
  /** Steps replayed (every resolved step of the game). */
  stepsReplayed: number;
  /** Per seat (then the moderator), the steps where what it sees would change. */
  changes: ViewerChanges[];
}

/** The game, its resolved steps as recorded and its current step, read in the caller's transaction. */
async function readHistory(tx: Tx, gameId: string) {
  const game = await tx.game.findUnique({ where: { id: gameId }, include: { seats: { select: seatColumns } } });
  if (!game) throw notFound('game');
  const steps = await tx.step.findMany({
    where: { gameId },
    orderBy: { number: 'asc' },
    include: {
      events: { orderBy: { seq: 'asc' }, select: { payload: true } },
      orders: { distinct: ['seatId'], orderBy: [{ seatId: 'asc' }, { revision: 'desc' }], include: { seat: true } },
    },
  });
  const current = steps.find((s) => s.number === game.currentStep);
  if (!current) throw conflict('game/no-step', `step ${game.currentStep} of game ${gameId} is missing`);
  const resolved = steps.filter((s) => s.number < game.currentStep);
  const recorded: RecordedStep[] = resolved.map((s, i) => ({
    number: s.number,
    orders: Object.fromEntries(s.orders.map((o) => [o.seat.side, o.parsed])),
    events: s.events.map((e) => e.payload as GameEvent),
    after: asEnvelope((steps[i + 1] ?? current).envelope).state,
  }));
  return { game, recorded, current };
}

type History = Awaited<ReturnType<typeof readHistory>>;

/** Why the upgrade cannot be applied now, or null. */
function blockedReason(
  h: History,
  code: AnyGamePackage,
  replay: ReturnType<typeof replayUnder>,
): RulesUpgradePlan['blocked'] {
  const { game, current } = h;
  if (game.status === 'finished') return { code: 'game/finished', message: 'the game is over' };
  if (game.rulesVersion === code.rulesVersion)
    return { code: 'rules/current', message: `the game already runs under rules version ${code.rulesVersion}` };
  if (!replay.ok)
    return {
      code: 'rules/replay-refused',
      message: `step ${replay.step} cannot be replayed under rules version ${code.rulesVersion}`,
      details: replay.errors,
    };
  if (current.status !== 'open')
    return {
      code: 'step/not-open',
      message: `step ${current.number} is ${current.status}: approve or reject it first`,
    };
  if (code.outcome(replay.envelope.state))
    return { code: 'rules/would-end', message: 'the replayed game would be over: not applied' };
  const invalid: Record<string, RuleError[]> = {};
  for (const o of current.orders) {
    const checked = checkOrders(code, replay.envelope, o.seat.side, o.parsed);
    if (!checked.ok) invalid[o.seat.side] = checked.errors;
  }
  if (Object.keys(invalid).length)
    return {
      code: 'rules/orders-invalid',
      message: `orders already sent for step ${current.number} are not legal in the replayed position`,
      details: invalid,
    };
  return null;
}

/** The plan of a game's upgrade, from its history (pure once read). */
function planOf(h: History, code: AnyGamePackage) {
  const { game, recorded } = h;
  const start = { mode: game.mode, options: game.options, data: game.data, secret: game.seedSecret };
  const replay = replayUnder(code, start, recorded);
  const blocked = blockedReason(h, code, replay);
  const oldRules = rulesFor(code, game.rulesVersion) ?? code;
  const changes: ViewerChanges[] = [];
  if (replay.ok) {
    const rules = { oldRules, newRules: code };
    for (const s of [...game.seats].sort((a, b) => a.side.localeCompare(b.side)))
      changes.push({
        viewer: `seat:${s.side}`,
        steps: changesFor(rules, recorded, replay.steps, { kind: 'seat', seat: s.side }),
      });
    changes.push({ viewer: 'moderator', steps: changesFor(rules, recorded, replay.steps, { kind: 'moderator' }) });
  }
  const plan: RulesUpgradePlan = {
    game: game.game,
    from: game.rulesVersion,
    to: code.rulesVersion,
    applicable: blocked === null,
    blocked,
    stepsReplayed: replay.ok ? recorded.length : 0,
    changes,
  };
  return { plan, replay };
}

/** The preview of a game's rules upgrade (moderator). */
export async function previewRulesUpgrade(deps: ServiceDeps, gameId: string): Promise<RulesUpgradePlan> {
  return deps.db.$transaction(async (tx) => {
    const h = await readHistory(tx, gameId);
    return planOf(h, requireGame(deps, h.game.game)).plan;
  });
}

/**
 * Applies the upgrade (moderator; 409 with the preview's reason when it cannot be): the current step starts from the
 * replayed position, the game runs under the new version, audited as `rules.upgrade`, every seat told with its list.
 * A step whose orders are all in then resolves under the new rules (unless the game is paused).
 */
export async function applyRulesUpgrade(deps: ServiceDeps, gameId: string): Promise<RulesUpgradePlan> {
  const plan = await deps.db.$transaction(async (tx) => {
    const locked = await lockGame(tx, gameId);
    if (!locked) throw notFound('game');
    const h = await readHistory(tx, gameId);
    const code = requireGame(deps, h.game.game);
    const { plan, replay } = planOf(h, code);
    if (plan.blocked || !replay.ok)
      throw conflict(plan.blocked?.code ?? 'rules/blocked', plan.blocked?.message ?? '', plan.blocked?.details);
    await moveToReplayed(tx, h, replay.envelope, code);
    const now = deps.clock();
    const changed = Object.fromEntries(plan.changes.map((c) => [c.viewer, c.steps.map((s) => s.step)]));
    const detail = { from: plan.from, to: plan.to, stepsReplayed: plan.stepsReplayed, changedSteps: changed };
    await audit(tx, gameId, 'moderator', 'rules.upgrade', detail, now);
    await announce(tx, deps, h.game, plan);
    return plan;
  }, RESOLVE_TX);
  await resolveIfReady(deps, gameId);
  return plan;
}

/** The current step starts from the replayed position, owing what the new rules say; the game takes the version. */
async function moveToReplayed(tx: Tx, h: History, envelope: Envelope, code: AnyGamePackage): Promise<void> {
  await tx.step.update({
    where: { id: h.current.id },
    data: { envelope: asJson(envelope), owed: asJson(code.owed(envelope.state)) },
  });
  await tx.game.update({ where: { id: h.game.id }, data: { rulesVersion: code.rulesVersion } });
  forgetEnvelope(h.current.id);
}

/** Tells every seat (and the moderator) what changes as it sees it, in its language. */
async function announce(
  tx: Tx,
  deps: ServiceDeps,
  game: Game & { seats: History['game']['seats'] },
  plan: RulesUpgradePlan,
) {
  const bySide = Object.fromEntries(plan.changes.map((c) => [c.viewer.replace(/^seat:/, ''), c.steps]));
  await queueNoticeMails(tx, deps, {
    game,
    seats: game.seats,
    moderator: true,
    kind: 'rules',
    key: `rules-upgrade:${game.id}:${plan.from}:${plan.to}`,
    text: upgradeNoticeText(plan, bySide),
  });
}
