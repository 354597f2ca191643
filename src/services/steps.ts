/**
 * Reading the current step of a game, with an in-process cache of step envelopes (a step's starting envelope never
 * changes once written, so it is parsed once per process, not once per request).
 */
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import type { ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';
import { asEnvelope } from './json.ts';

/** The current step of a game with what validation needs. */
export interface CurrentStep {
  gameId: string;
  game: string;
  gameStatus: 'active' | 'paused' | 'finished';
  reviewMode: string;
  stepId: string;
  number: number;
  status: 'open' | 'resolving' | 'awaiting_review' | 'published';
  owed: Owed[];
  envelope: Envelope;
}

const CACHE_MAX = 2000;
const envelopes = new Map<string, Envelope>();

function remember(stepId: string, envelope: Envelope): void {
  if (envelopes.size >= CACHE_MAX) envelopes.delete(envelopes.keys().next().value as string);
  envelopes.set(stepId, envelope);
}

/** The envelope at the start of a step (cached). */
export async function stepEnvelope(deps: Pick<ServiceDeps, 'db'>, stepId: string): Promise<Envelope> {
  const cached = envelopes.get(stepId);
  if (cached) return cached;
  const row = await deps.db.step.findUniqueOrThrow({ where: { id: stepId }, select: { envelope: true } });
  const envelope = asEnvelope(row.envelope);
  remember(stepId, envelope);
  return envelope;
}

interface CurrentRow {
  game: string;
  gameStatus: CurrentStep['gameStatus'];
  reviewMode: string;
  stepId: string;
  number: number;
  status: CurrentStep['status'];
  owed: Owed[];
}

/** The game's current step (one query, plus the envelope on a cache miss). 404 for an unknown game. */
export async function currentStep(deps: Pick<ServiceDeps, 'db'>, gameId: string): Promise<CurrentStep> {
  const rows = await deps.db.$queryRaw<CurrentRow[]>`
    SELECT g.game, g.status::text AS "gameStatus", g."reviewMode", s.id AS "stepId", s.number, s.status::text AS status, s.owed
    FROM "Game" g JOIN "Step" s ON s."gameId" = g.id AND s.number = g."currentStep"
    WHERE g.id = ${gameId}`;
  const row = rows[0];
  if (!row) throw notFound('game');
  return { gameId, ...row, envelope: await stepEnvelope(deps, row.stepId) };
}
