/**
 * Practice against the computer: a game for one player whose every other seat is played by the computer player
 * (the bot seats of game creation: src/services/games.ts). The operator creates one directly (API, console); with
 * PRACTICE_GAMES=on anyone may ask for one on the public page /practice, and the game is created only when the link
 * mailed to the address given is confirmed: the request is a row keeping the key's hash, single-use and expiring,
 * and the confirmation claims it in one statement, so a link clicked twice (or by two browsers at once) creates
 * exactly one game. Requests are limited per address here (per client address, by the route's rate limit).
 */
import { z } from 'zod';
import type { AnyGamePackage } from '../engine/game-package.ts';
import type { ServiceDeps, Tx } from './deps.ts';
import { gameDefinition } from './deps.ts';
import { badRequest, ServiceError } from './errors.ts';
import { type CreatedGame, createGame } from './games.ts';
import { addressKey } from './persons.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a practice link holds, in hours. */
export const PRACTICE_LINK_HOURS = 24;
/** Practice requests one address may make in an hour (each mails a link). */
export const PRACTICE_REQUESTS_PER_HOUR = 3;

/** The player of a practice game. */
export const practicePlayerSchema = z
  .object({
    email: z.email().max(320),
    name: z.string().trim().min(1).max(100).optional(),
    locale: z.enum(['en', 'ja']).default('en'),
  })
  .strict();

/** The body of the operator's `POST /api/practice-games`: the game, its mode, the player and its side (or the first). */
export const practiceInputSchema = z
  .object({
    game: z.string().min(1).max(60),
    mode: z.string().min(1).max(40),
    player: practicePlayerSchema,
    side: z.string().min(1).max(40).optional(),
  })
  .strict();
export type PracticeInput = z.input<typeof practiceInputSchema>;

/** The game, mode and side of a practice game, checked against the installed packages. */
function checkedChoice(deps: Pick<ServiceDeps, 'games'>, choice: { game: string; mode: string; side?: string }) {
  const def = gameDefinition(deps, choice.game) as AnyGamePackage | undefined;
  if (!def) throw badRequest('practice/game', 'no such game');
  if (!def.modes.includes(choice.mode)) throw badRequest('practice/mode', 'the game has no such mode');
  const sides = def.sides(choice.mode).map((s) => s.seat);
  const side = choice.side ?? sides[0];
  if (!sides.includes(side)) throw badRequest('practice/side', 'the game has no such side in this mode');
  return { def, sides, side };
}

/** Creates a practice game: the player at its side, the computer at every other. */
export async function createPracticeGame(deps: ServiceDeps, raw: PracticeInput): Promise<CreatedGame> {
  const parsed = practiceInputSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('request/invalid', 'the request is invalid', parsed.error.issues);
  const input = parsed.data;
  const { sides, side } = checkedChoice(deps, input);
  const { email, name, locale } = input.player;
  const seats = sides.map((s) => (s === side ? { side: s, email, name, locale } : { side: s, bot: true as const }));
  return createGame(deps, { game: input.game, mode: input.mode, seats });
}

/** A public request for a practice game, as the page's form gives it. */
export const practiceRequestSchema = z.object({
  game: z.string().min(1).max(60),
  mode: z.string().min(1).max(40),
  side: z.string().min(1).max(40).optional(),
  email: z.email().max(320),
  locale: z.enum(['en', 'ja']).default('en'),
});
export type PracticeRequestInput = z.input<typeof practiceRequestSchema>;

/**
 * Records a request for a practice game (in the caller's transaction, which queues the mail with the key): checks
 * the choice, holds the address to `PRACTICE_REQUESTS_PER_HOUR`, and returns the key (only ever in that mail).
 */
export async function recordPracticeRequest(
  tx: Tx,
  deps: Pick<ServiceDeps, 'games' | 'clock'>,
  raw: PracticeRequestInput,
): Promise<{
  key: string;
  expiresAt: Date;
  email: string;
  locale: 'en' | 'ja';
  gameTitle: Record<'en' | 'ja', string>;
}> {
  const parsed = practiceRequestSchema.safeParse(raw);
  if (!parsed.success) throw badRequest('request/invalid', 'the request is invalid', parsed.error.issues);
  const input = parsed.data;
  const { def, side } = checkedChoice(deps, input);
  const now = deps.clock();
  const email = addressKey(input.email);
  // Requests long expired are of no use to anyone: cleared on the way (a week on, whatever became of them).
  await tx.practiceRequest.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 7 * 86_400_000) } } });
  const recent = await tx.practiceRequest.count({
    where: { email, createdAt: { gt: new Date(now.getTime() - 3600_000) } },
  });
  if (recent >= PRACTICE_REQUESTS_PER_HOUR)
    throw new ServiceError('practice/too-many', 429, 'too many practice requests for this address: try in an hour');
  const key = newToken();
  const expiresAt = new Date(now.getTime() + PRACTICE_LINK_HOURS * 3600_000);
  await tx.practiceRequest.create({
    data: {
      id: hashToken(key),
      email,
      locale: input.locale,
      game: input.game,
      mode: input.mode,
      side,
      createdAt: now,
      expiresAt,
    },
  });
  return { key, expiresAt, email, locale: input.locale, gameTitle: def.title };
}

/** What confirming a practice link did. */
export type PracticeConfirmation =
  | { kind: 'created'; game: CreatedGame }
  | { kind: 'done'; gameId: string | null }
  | { kind: 'expired' }
  | { kind: 'unknown' };

/**
 * Confirms a practice link: the first confirmation claims the request (one statement: a second click, or a second
 * browser at the same moment, finds it claimed) and creates the game, whose welcome mail goes to the address; a
 * creation that fails gives the claim back.
 */
export async function confirmPracticeRequest(deps: ServiceDeps, key: string): Promise<PracticeConfirmation> {
  const id = hashToken(key);
  const now = deps.clock();
  const claimed = await deps.db.practiceRequest.updateMany({
    where: { id, confirmedAt: null, expiresAt: { gt: now } },
    data: { confirmedAt: now },
  });
  const row = await deps.db.practiceRequest.findUnique({ where: { id } });
  if (!row) return { kind: 'unknown' };
  if (!claimed.count) return row.confirmedAt ? { kind: 'done', gameId: row.gameId } : { kind: 'expired' };
  try {
    const game = await createPracticeGame(deps, {
      game: row.game,
      mode: row.mode,
      side: row.side ?? undefined,
      player: { email: row.email, locale: row.locale === 'ja' ? 'ja' : 'en' },
    });
    await deps.db.practiceRequest.update({ where: { id }, data: { gameId: game.id } });
    return { kind: 'created', game };
  } catch (error) {
    await deps.db.practiceRequest.update({ where: { id }, data: { confirmedAt: null } });
    throw error;
  }
}
