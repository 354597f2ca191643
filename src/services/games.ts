/**
 * Creating a game: the seats with their tokens (shown once), the persons holding several seats (seats given the
 * same address: src/services/persons.ts) with theirs, the secret seed and its public commitment, step 0 with the
 * engine's set-up, and a welcome mail per seat held alone and per person in the outbox, all in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { commitmentOf } from '../engine/dice.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';
import { startGame } from '../engine/step-runner.ts';
import { audit } from './audit.ts';
import { insertRows } from '../db/insert-rows.ts';
import { queryMany } from '../db/sql-tx.ts';
import type { Game, Person, Seat } from '../generated/prisma/client.ts';
import { afterStepOpened } from './deadlines/opened.ts';
import { type DeadlineStep, STEP_LIST } from './deadlines/step-state.ts';
import { gameDefinition, inTransaction, type ServiceDeps, type SqlTx } from './deps.ts';
import { GAME_PERSONS, GAME_ROW, GAME_SEATS } from './game-rows.ts';
import { rememberLockedPeople } from './locked-people.ts';
import type { WelcomeKnown } from './notifier.ts';
import { ServiceError } from './errors.ts';
import { checked, inputIssues, invalidCode, type InputSections } from './input-issues.ts';
import { deadlineSettingsSchema } from './deadlines/compute.ts';
import { isTimeZone } from '../i18n/index.ts';
import { asJson } from './json.ts';
import { queueWelcomeMails } from './notifications.ts';
import { resolveLocked } from './turn-processor.ts';
import { personGroups } from './persons.ts';
import { hashToken, newGameId, newSeedSecret, newToken } from './tokens.ts';

const timeZone = z
  .string()
  .max(64)
  .refine(
    isTimeZone,
    checked(
      'request/time-zone',
      'unknown IANA time zone (e.g. "Asia/Tokyo")',
      '不明なタイムゾーンです（例: 「Asia/Tokyo」）',
    ),
  );

/** One seat of a new game. */
export const seatInputSchema = z
  .object({
    side: z.string().min(1).max(40),
    email: z.email(),
    name: z.string().min(1).max(100).optional(),
    locale: z.enum(['en', 'ja']).default('en'),
    timeZone: timeZone.default('UTC'),
  })
  .strict();

/**
 * A seat of a new game played by the computer player (src/services/bot-seats.ts): no address, no mail, no sign-in.
 * The moderator can give it to a player later (a new holder: src/services/seat-holders.ts).
 */
export const botSeatInputSchema = z
  .object({
    side: z.string().min(1).max(40),
    bot: z.literal(true).describe('the computer player plays this seat'),
    name: z.string().min(1).max(100).optional(),
  })
  .strict();

/** A seat of a new game as the creation body gives it: a player's (an address) or the computer player's. */
export const newSeatInputSchema = z.union([seatInputSchema, botSeatInputSchema]);

/** The body of `POST /api/games`. Everything but the game, mode and seats has a default. */
export const createGameInputSchema = z
  .object({
    game: z.string().min(1).max(60),
    mode: z.string().min(1).max(40),
    name: z.string().min(1).max(120).optional(),
    options: z.record(z.string(), z.unknown()).default({}),
    /** A component data set of the moderator's; omitted = the game's shipped set. */
    data: z.unknown().optional(),
    /** `auto` publishes results at once; `moderator` keeps each result as a preview until approved. */
    review: z.enum(['auto', 'moderator']).default('auto'),
    moderatorEmail: z.email().optional(),
    seats: z.array(newSeatInputSchema).min(1).max(20),
    /** Deadline settings (docs/deadlines.md), checked in full: a setting that would be ignored is an error. */
    deadlines: deadlineSettingsSchema.prefault({}),
    graceSeconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86400)
      .default(0),
    processingDelaySeconds: z.number().int().min(0).max(86400).default(0),
    missedPolicy: z.enum(['wait', 'default-after-grace', 'extend-once']).default('wait'),
    maxAbsences: z.number().int().min(0).max(100).default(2),
    /** Missed deadlines in a row after which the computer player takes a player's seat over; 0 = never. */
    botAfterMisses: z.number().int().min(0).max(100).default(2),
    reminderHours: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(24 * 14),
      )
      .max(5)
      .default([48, 6]),
  })
  .strict();

/** Parts of the creation body whose problems have codes of their own (`deadlines/...`, 400 `deadlines/invalid`). */
export const CREATE_GAME_SECTIONS: InputSections = { deadlines: 'deadlines' };
export type CreateGameInput = z.input<typeof createGameInputSchema>;

/**
 * A seat of a new game as creation answers it: a player's with its token, or the computer player's (`bot`), whose
 * address and token are empty: it has no mailbox and never signs in (its key is not given out).
 */
export interface CreatedSeat {
  side: string;
  email: string;
  name: string | null;
  token: string;
  bot?: true;
}

/** What creation returns: the only time the tokens are shown. */
export interface CreatedGame {
  id: string;
  name: string;
  game: string;
  mode: string;
  review: 'auto' | 'moderator';
  commitment: string;
  moderatorToken: string;
  /**
   * Every seat with its token; a bot seat (`bot`: true) has neither address nor token (both empty).
   */
  seats: CreatedSeat[];
  /** The persons holding several seats (their seats' tokens work too, each for its own seat alone). */
  persons: { email: string; sides: string[]; token: string }[];
  currentStep: number;
}

/** A creation body as checked (defaults filled in). */
type GameInput = z.output<typeof createGameInputSchema>;

/** A seat of a new game with its fresh secrets and the person holding it (a bot seat: an empty address). */
interface NewSeat extends z.output<typeof seatInputSchema> {
  bot: boolean;
  id: string;
  token: string;
  mailToken: string;
  calendarToken: string;
  personId: string;
}

/**
 * A person of a new game with its fresh secrets; `first` is its first seat's input. A person holding one seat has
 * that seat's secrets (the same values): the seat's token is the player's.
 */
interface NewPerson {
  id: string;
  first: NewSeat;
  token: string;
  mailToken: string;
  calendarToken: string;
  sides: string[];
}

/** The creation body checked against its schema and the game's package (its modes and seats). 422 otherwise. */
function checkedInput(deps: ServiceDeps, rawInput: CreateGameInput): { input: GameInput; def: AnyGamePackage } {
  const parsedInput = createGameInputSchema.safeParse(rawInput);
  if (!parsedInput.success) {
    const issues = inputIssues(parsedInput.error.issues, CREATE_GAME_SECTIONS);
    throw new ServiceError(
      invalidCode(issues),
      422,
      `the game description is invalid: ${issues.map((i) => `${i.path}: ${i.message.en}`).join('; ')}`,
      issues,
    );
  }
  const input = parsedInput.data;
  const def = gameDefinition(deps, input.game);
  if (!def) throw new ServiceError('game/unknown-game', 422, `no game "${input.game}"`);
  if (!def.modes.includes(input.mode))
    throw new ServiceError(
      'game/unknown-mode',
      422,
      `"${input.game}" has no mode "${input.mode}" (one of ${def.modes.join(', ')})`,
    );
  const sides = def.sides(input.mode).map((s) => s.seat);
  const given = input.seats.map((s) => s.side);
  const missing = sides.filter((s) => !given.includes(s));
  const extra = given.filter((s, i) => !sides.includes(s) || given.indexOf(s) !== i);
  if (missing.length || extra.length) {
    throw new ServiceError('game/seats', 422, `seats must be exactly ${sides.join(', ')}`, {
      missing,
      unexpected: extra,
    });
  }
  return { input, def };
}

/**
 * The limits of the creation's one transaction. Prisma's defaults (5 s to run, 2 s to get a connection) are too tight
 * for it: it may resolve a set-up step, which is a game's own computation, and write a welcome mail per player, on a
 * database that is busy with other games' deadlines. A creation that takes long still commits whole, or not at all.
 */
const CREATION_TRANSACTION = { timeout: 60_000, maxWait: 10_000 } as const;

/** A seat of the creation body as stored: a bot seat has no address and the defaults of language and zone. */
function seatOfInput(s: GameInput['seats'][number]): z.output<typeof seatInputSchema> & { bot: boolean } {
  if ('bot' in s) return { side: s.side, name: s.name, email: '', locale: 'en', timeZone: 'UTC', bot: true };
  return { ...s, bot: false };
}

/**
 * The seats with fresh secrets, and their persons: one per address (seats given one address share it); every bot
 * seat is a person of its own, without an address.
 */
function seatsWithSecrets(input: GameInput): { seats: NewSeat[]; persons: NewPerson[] } {
  const seats: NewSeat[] = input.seats.map(seatOfInput).map((s) => ({
    ...s,
    id: randomUUID(),
    token: newToken(),
    mailToken: newToken(),
    calendarToken: newToken(),
    personId: '',
  }));
  const groups = [...personGroups(seats.filter((s) => !s.bot)), ...seats.filter((s) => s.bot).map((s) => [s])];
  const persons = groups.map((held): NewPerson => {
    const id = randomUUID();
    for (const seat of held) seat.personId = id;
    const [first] = held;
    const sides = held.map((s) => s.side);
    if (held.length === 1) return { id, first, sides, ...secretsOf(first) };
    return { id, first, sides, token: newToken(), mailToken: newToken(), calendarToken: newToken() };
  });
  return { seats, persons };
}

const secretsOf = (s: NewSeat) => ({ token: s.token, mailToken: s.mailToken, calendarToken: s.calendarToken });

/** The new game's row: its settings, its seed's commitment and its moderator's token hash. */
function gameRow(
  input: GameInput,
  def: AnyGamePackage,
  secrets: { id: string; secret: string; moderatorToken: string },
) {
  const { id, secret } = secrets;
  return {
    id,
    name: input.name ?? `${def.title.en} ${id}`,
    game: def.id,
    // The rules the game runs under from now on (docs/contract.md, "Rules versions").
    rulesVersion: def.rulesVersion,
    mode: input.mode,
    options: asJson(def.optionsSchema.parse(input.options)),
    ...(input.data !== undefined ? { data: asJson(input.data) } : {}),
    reviewMode: input.review,
    deadlines: asJson(input.deadlines),
    graceSeconds: input.graceSeconds,
    processingDelaySeconds: input.processingDelaySeconds,
    missedPolicy: input.missedPolicy,
    maxAbsences: input.maxAbsences,
    botAfterMisses: input.botAfterMisses,
    reminderHours: input.reminderHours,
    seedSecret: secret,
    seedCommitment: commitmentOf(secret),
    moderatorTokenHash: hashToken(secrets.moderatorToken),
    moderatorEmail: input.moderatorEmail ?? null,
  };
}

/** A new game's rows as Postgres stored them (its defaults filled in), read back in the creating transaction. */
interface InsertedGame {
  game: Game;
  seats: Seat[];
  persons: Person[];
  step: DeadlineStep;
}

/**
 * Writes a new game: its row, its persons and seats (only token hashes, and the tokens mails are addressed with) and
 * step 0 with the engine's set-up; reads them back as stored, in the same round trip on the pool.
 */
async function insertGame(
  tx: SqlTx,
  input: {
    row: ReturnType<typeof gameRow>;
    seats: NewSeat[];
    persons: NewPerson[];
    step: { envelope: unknown; owed: unknown };
    now: Date;
  },
): Promise<InsertedGame> {
  const { row, seats, persons, now } = input;
  const gameId = row.id;
  const stamped = { createdAt: now, updatedAt: now };
  await insertRows(tx, 'Game', [{ ...row, data: row.data ?? null, ...stamped }], GAME_CASTS);
  await insertRows(
    tx,
    'Person',
    persons.map((p) => ({
      id: p.id,
      gameId,
      email: p.first.email,
      playerName: p.first.name ?? null,
      locale: p.first.locale,
      timeZone: p.first.timeZone,
      tokenHash: hashToken(p.token),
      mailTokenHash: hashToken(p.mailToken),
      mailToken: p.mailToken,
      calendarToken: p.calendarToken,
      ...stamped,
    })),
  );
  await insertRows(
    tx,
    'Seat',
    seats.map((s) => ({
      id: s.id,
      gameId,
      side: s.side,
      playerName: s.name ?? null,
      email: s.email,
      locale: s.locale,
      timeZone: s.timeZone,
      tokenHash: hashToken(s.token),
      mailTokenHash: hashToken(s.mailToken),
      mailToken: s.mailToken,
      calendarToken: s.calendarToken,
      personId: s.personId,
      bot: s.bot,
      ...stamped,
    })),
  );
  // In SQL, not through Prisma's query compiler: there the set-up envelope (tens of kB of JSON) cost several times
  // the CPU of the whole insert (measured: about 18 ms against 2.6 ms for a 25 kB envelope).
  await insertRows(tx, 'Step', [{ id: randomUUID(), gameId, number: 0, ...input.step, openedAt: now }], {
    envelope: 'jsonb',
    owed: 'jsonb',
  });
  const [games, seatRows, personRows, steps] = await queryMany(tx, [
    [GAME_ROW.text, [gameId]],
    [GAME_SEATS.text, [gameId]],
    [GAME_PERSONS.text, [gameId]],
    [`SELECT ${STEP_LIST} FROM "Step" st WHERE st."gameId" = $1 AND st.number = 0`, [gameId]],
  ]);
  return {
    game: (games as Game[])[0],
    seats: seatRows as Seat[],
    persons: personRows as Person[],
    step: (steps as DeadlineStep[])[0],
  };
}

/** The casts of the game row's JSON and array columns. */
const GAME_CASTS = { options: 'jsonb', data: 'jsonb', deadlines: 'jsonb', reminderHours: 'int[]' } as const;

/** Creates a game (operator action). Throws ServiceError 422 for an unknown game, mode, side or bad options. */
export async function createGame(deps: ServiceDeps, rawInput: CreateGameInput): Promise<CreatedGame> {
  const { input, def } = checkedInput(deps, rawInput);
  const secret = newSeedSecret();
  const started = startGame(def, { mode: input.mode, options: input.options, data: input.data, secret });
  if (!started.ok) throw new ServiceError('game/setup', 422, 'the options or data set are invalid', started.errors);
  const { envelope } = started;
  const id = newGameId();
  const moderatorToken = newToken();
  const now = deps.clock();
  const { seats, persons } = seatsWithSecrets(input);
  const row = gameRow(input, def, { id, secret, moderatorToken });
  let currentStep = 0; // the step a game opens on, unless it resolves at once (below)
  // On the pool the writes are held and go with the next read or the COMMIT: a game whose first step owes orders is
  // created in three round trips (BEGIN; the rows and their read-back; the audit, the mails and COMMIT).
  await inTransaction(
    deps,
    async (tx) => {
      const owed = def.owed(envelope.state);
      const inserted = await insertGame(tx, { row, seats, persons, step: { envelope, owed }, now });
      // The mails' sign-in links and unsubscribe keys are made from these rows (nothing changes them here).
      rememberLockedPeople(tx, inserted.seats, inserted.persons);
      const first = { game: inserted.game, step: inserted.step, seats: inserted.seats };
      const opened = await afterStepOpened(tx, deps, { gameId: id, number: 0, first });
      const bots = seats.filter((s) => s.bot).map((s) => s.side);
      const created = {
        game: def.id,
        mode: input.mode,
        review: input.review,
        seats: input.seats.map((s) => s.side),
        ...(bots.length ? { bots } : {}),
      };
      await audit(tx, id, 'operator', 'game.create', created, now);
      // A game whose first step owes nobody anything (it opens on dice alone) resolves that step now, so that the
      // welcome mails already say what each seat owes.
      // Those set-up steps reach the players in their welcome mails (which tell their events), not in result mails
      // of their own, which would arrive before the welcome.
      const quiet: ServiceDeps = { ...deps, notifier: { ...deps.notifier, stepResults: async () => {} } };
      const setUp = owed.length === 0 && !def.outcome(envelope.state);
      if (setUp) {
        await resolveLocked(tx, quiet, id, []);
        const [after] = await tx.$queryRawUnsafe<{ currentStep: number }[]>(
          `SELECT "currentStep" FROM "Game" WHERE id = $1`,
          id,
        );
        currentStep = after.currentStep;
      }
      // One welcome mail per person (per address), for all its seats; a bot seat has no mailbox. After a set-up
      // step the welcome reads the game again (its step, its events).
      const known: WelcomeKnown | undefined = setUp
        ? undefined
        : {
            game: { ...inserted.game, seats: inserted.seats },
            persons: inserted.persons,
            step: { number: 0, owed, deadlineAt: opened.deadlineAt, envelope },
            events: [],
          };
      await queueWelcomeMails(tx, deps, {
        gameId: id,
        persons: persons.filter((p) => !p.first.bot).map((p) => ({ personId: p.id, token: p.token })),
        known,
      });
    },
    { ...CREATION_TRANSACTION, deferWrites: true },
  );

  deps.log.info({ gameId: id, game: def.id, mode: input.mode }, 'game created');
  return {
    id,
    name: row.name,
    game: def.id,
    mode: input.mode,
    review: input.review,
    commitment: row.seedCommitment,
    moderatorToken,
    seats: seats.map(
      (s): CreatedSeat =>
        s.bot
          ? { side: s.side, email: '', name: s.name ?? null, token: '', bot: true }
          : { side: s.side, email: s.email, name: s.name ?? null, token: s.token },
    ),
    persons: persons
      .filter((p) => p.sides.length > 1)
      .map((p) => ({ email: p.first.email, sides: p.sides, token: p.token })),
    currentStep,
  };
}
