/**
 * Step envelopes by step id, parsed once per process: a step's starting envelope never changes once written, so the
 * submission path and the views read it from here (the least recently used are evicted).
 */
import type { Envelope } from '../engine/step-runner.ts';
import type { ServiceDeps } from './deps.ts';
import { asEnvelope } from './json.ts';
import { touch } from './lru.ts';
import { readOne, statement } from './prepared-statements.ts';

const ENVELOPE_CACHE_MAX = 500;
const ENVELOPE = statement('order_envelope', ['text'], 'SELECT envelope FROM "Step" WHERE id = $1');
const envelopes = new Map<string, Envelope>();

/**
 * The envelope at the start of a step, from the cache or read once. `rulesVersion`, the game's as the caller read it,
 * is part of the key: a rules upgrade (the one change a starting envelope ever gets) makes every process read the
 * current step's envelope again.
 */
export async function cachedEnvelope(
  deps: Pick<ServiceDeps, 'db' | 'pool'>,
  stepId: string,
  rulesVersion?: string,
): Promise<Envelope> {
  const key = rulesVersion === undefined ? stepId : `${stepId}@${rulesVersion}`;
  const hit = envelopes.get(key);
  if (hit) {
    touch(envelopes, key, hit, ENVELOPE_CACHE_MAX);
    return hit;
  }
  const rows = await readOne<{ envelope: unknown }>(deps, ENVELOPE, [stepId]);
  if (!rows[0]) throw new Error(`step ${stepId} not found`);
  const envelope = asEnvelope(rows[0].envelope);
  touch(envelopes, key, envelope, ENVELOPE_CACHE_MAX);
  return envelope;
}

/** Entries in the envelope cache (tests). */
export function envelopeCacheSize(): number {
  return envelopes.size;
}

/**
 * Drops a step's envelope from this process's cache: the one change a starting envelope ever gets is the moderator's
 * rules upgrade of the current step (src/services/rules-upgrade.ts).
 */
export function forgetEnvelope(stepId: string): void {
  for (const key of envelopes.keys()) if (key === stepId || key.startsWith(`${stepId}@`)) envelopes.delete(key);
}
