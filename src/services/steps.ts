/**
 * Reading the current step of a game; its envelope comes from the process's cache of step envelopes
 * (`cachedEnvelope`: a step's starting envelope never changes once written, so it is parsed once per process).
 */
import type { Envelope } from '../engine/step-runner.ts';
import type { Owed } from '../engine/types.ts';
import type { ServiceDeps } from './deps.ts';
import { notFound } from './errors.ts';
import { cachedEnvelope } from './order-store.ts';

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
export async function currentStep(deps: Pick<ServiceDeps, 'db' | 'pool'>, gameId: string): Promise<CurrentStep> {
  const rows = await deps.db.$queryRaw<CurrentRow[]>`
    SELECT g.game, g.status::text AS "gameStatus", g."reviewMode", s.id AS "stepId", s.number, s.status::text AS status, s.owed
    FROM "Game" g JOIN "Step" s ON s."gameId" = g.id AND s.number = g."currentStep"
    WHERE g.id = ${gameId}`;
  const row = rows[0];
  if (!row) throw notFound('game');
  return { gameId, ...row, envelope: await cachedEnvelope(deps, row.stepId) };
}
