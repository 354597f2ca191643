/**
 * The mails of the service's notifier (src/services/notifier.ts) that carry a board: the welcome mails and the result
 * mails of a published step, one per player (src/services/persons.ts). A player holding one seat gets that seat's
 * mail, composed in its language with its own board (compose-welcome.ts, compose-result.ts); a person holding
 * several seats gets one mail of the same composers with a section per seat, whenever the notification plan mails any
 * of its seats (the plan still decides per seat: src/services/notify-plan.ts). Written to the outbox in the caller's
 * transaction.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import { boardOf, type Envelope } from '../engine/step-runner.ts';
import type { AnyGame, GameEvent, Outcome, Owed } from '../engine/types.ts';
import type { Game, Person, Seat } from '../generated/prisma/client.ts';
import { syntaxFor } from '../orders-text/game-text.ts';
import { queryMany } from '../db/sql-tx.ts';
import { gameDefinition, type ServiceDeps, type SqlTx } from '../services/deps.ts';
import { asEnvelope, storedOwed } from '../services/json.ts';
import { CURRENT_STEP_JOIN } from '../services/steps.ts';
import type { StepResults, WelcomeKnown, WelcomeMails } from '../services/notifier.ts';
import { sharedPersons, visibleToAny } from '../services/persons.ts';
import { calendarUrl } from '../calendar/url.ts';
import type { ComposedMail } from './compose-parts.ts';
import { composeResult } from './compose-result.ts';
import { replyTemplateOf } from './compose-action.ts';
import { composeWelcome } from './compose-welcome.ts';
import { GAME_PERSONS, GAME_ROW, GAME_SEATS, gameWithSeats } from '../services/game-rows.ts';
import { personMailContext, seatMailContext } from './context.ts';
import { writeOutbox } from './outbox.ts';
import { followPreferences, type ResultMail } from './notify-preferences.ts';

/** What the notifier's mails need of the service: settings, clock and the game packages. */
export type NotifyDeps = Pick<ServiceDeps, 'config' | 'clock' | 'games'>;

/** The link of a seat's player page (the magic link: its bearer token signs the player in). */
export function playerPageUrl(publicUrl: string, gameId: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/play/${gameId}?token=${encodeURIComponent(token)}`;
}

/**
 * What a game's welcome mails are made from, read in the transaction that creates the game or moves a seat (the game
 * and its step are not committed yet, or just changed: not from the process's envelope cache).
 */
async function readWelcome(tx: SqlTx, gameId: string): Promise<WelcomeKnown> {
  const [games, seats, persons, steps] = await queryMany(tx, [
    [GAME_ROW.text, [gameId]],
    [GAME_SEATS.text, [gameId]],
    [GAME_PERSONS.text, [gameId]],
    [
      // The stored envelope, not the process's cache: the step may not be committed yet.
      `SELECT st.number, st.owed, st."deadlineAt", st.envelope FROM "Game" g ${CURRENT_STEP_JOIN} WHERE g.id = $1`,
      [gameId],
    ],
  ]);
  const [row] = steps as { number: number; owed: unknown; deadlineAt: Date | null; envelope: unknown }[];
  const step = row ? { ...row, owed: storedOwed(row.owed), envelope: asEnvelope(row.envelope) } : null;
  return {
    game: gameWithSeats(games, seats, gameId),
    persons: persons as Person[],
    step,
    events: step ? await setUpEvents(tx, gameId, step.number) : [],
  };
}

/**
 * The events of the steps a new game resolved at its creation (steps that owed nobody anything: set-up dice), in
 * order. The welcome mail tells them: they get no result mail of their own.
 */
async function setUpEvents(tx: SqlTx, gameId: string, before: number): Promise<GameEvent[]> {
  // Steps are numbered from 0: a game still at its first step resolved none (most games), no query needed.
  if (before <= 0) return [];
  const rows = await tx.$queryRawUnsafe<{ payload: unknown }[]>(
    `SELECT e.payload FROM "Event" e JOIN "Step" st ON st.id = e."stepId"
     WHERE st."gameId" = $1 AND st.number < $2 ORDER BY st.number, e.seq`,
    gameId,
    before,
  );
  return rows.map((r) => r.payload as GameEvent);
}

/**
 * Welcome mails, one per person: to a player holding one seat its side, how to send orders, the page link, what is
 * owed first and the deadline; to a person holding several, the same for each of its seats in one mail (its link
 * signs in for all of them). Made from what the caller knows (`input.known`), else read.
 */
export async function queueWelcome(tx: SqlTx, deps: NotifyDeps, input: WelcomeMails): Promise<void> {
  const { game, persons, step, events } = input.known ?? (await readWelcome(tx, input.gameId));
  const def = gameDefinition(deps, game.game);
  const owed = step?.owed ?? [];
  const shared = sharedPersons(game.seats);
  const mails: ComposedMail[] = [];
  for (const { personId, token } of input.persons) {
    const pageUrl = playerPageUrl(deps.config.PUBLIC_URL, game.id, token);
    const person = shared.has(personId) ? persons.find((p) => p.id === personId) : undefined;
    if (person) {
      const ctx = personMailContext(deps, game, person, game.seats);
      const viewers = ctx.seats.map((s) => ({ kind: 'seat' as const, seat: s.side }));
      const seats = ctx.seats.map((s) => ({
        side: s.side,
        board: def && step ? boardOf(def, step.envelope, { kind: 'seat', seat: s.side }) : null,
        owed: owed.filter((o) => o.seat === s.side),
      }));
      mails.push(
        await composeWelcome(ctx, {
          pageUrl,
          calendarUrl: calendarUrl(deps.config.PUBLIC_URL, person.calendarToken),
          seats,
          owed: seats.flatMap((s) => s.owed),
          board: null,
          deadline: step?.deadlineAt ?? null,
          syntax: syntaxFor(def ?? {}, ctx.person.locale),
          events: def ? visibleToAny(def, events, viewers) : [],
          template:
            def && step
              ? personTemplate(
                  def,
                  ctx.game.data,
                  step.envelope.state,
                  owed,
                  game.seats.filter((s) => s.personId === personId),
                  ctx.person.locale,
                )
              : null,
        }),
      );
      continue;
    }
    const seat = game.seats.find((s) => s.personId === personId);
    if (!seat) continue;
    const ctx = seatMailContext(deps, game, def, seat);
    const viewer = { kind: 'seat' as const, seat: seat.side };
    const owes = owed.some((o) => o.seat === seat.side);
    const state = step?.envelope.state;
    mails.push(
      await composeWelcome(ctx, {
        events: def ? def.visibleEvents(events, viewer) : [],
        template: def && owes ? replyTemplateOf(def, ctx.game.data, state, seat.side, ctx.seat.locale) : null,
        pageUrl,
        calendarUrl: calendarUrl(deps.config.PUBLIC_URL, seat.calendarToken),
        owed: owed.filter((o) => o.seat === seat.side),
        deadline: step?.deadlineAt ?? null,
        board: def && step ? boardOf(def, step.envelope, viewer) : null,
        syntax: syntaxFor(def ?? {}, ctx.seat.locale),
      }),
    );
  }
  await writeOutbox(tx, deps.config, mails, deps.clock());
}

/**
 * The reply template of a person: each owing seat's default orders in the order syntax, under a `SEAT <seat>` line
 * when more than one of its seats owes (orders before any SEAT line are the one owing seat's: docs/orders.md).
 */
export function personTemplate(
  def: AnyGamePackage,
  data: unknown,
  state: unknown,
  owed: Owed[],
  seats: Seat[],
  locale: 'en' | 'ja',
): string[] | null {
  const owing = seats.filter((s) => owed.some((o) => o.seat === s.side));
  const parts = owing.map((s) => ({ side: s.side, lines: replyTemplateOf(def, data, state, s.side, locale) ?? [] }));
  if (!parts.some((p) => p.lines.length)) return null;
  if (parts.length === 1) return parts[0].lines;
  return parts.flatMap((p) => [`SEAT ${p.side}`, ...p.lines]);
}

/** What every result mail of a published step is made from: the state after it, what is owed next, the outcome. */
interface AfterStep {
  def: AnyGame;
  after: Envelope;
  owed: Owed[];
  outcome: Outcome | null;
}

/**
 * Result mails of a just-published step, one per player: per seat held alone its visible events, its view, what it
 * owes next, the outcome; per person holding several seats one mail covering them, a section per seat.
 * With a `plan` (a game's notification policy), only the seats it names get a mail, and a seat's mail covers the
 * steps from its `from` (events of the steps before this one in `earlier`); a person's mail covers the steps from
 * the earliest of its seats', and is a digest only when every planned seat's mail would be one. Each reader's mail
 * preference decides last whether a mail that asks it for nothing goes, waits for its digest, or is dropped
 * (src/mail/notify-preferences.ts).
 */
export async function queueStepResults(tx: SqlTx, deps: NotifyDeps, input: StepResults): Promise<void> {
  const { known } = input;
  const { game, def, step, next } = known;
  const outcome = game.outcome as Outcome | null;
  const after = asEnvelope(next?.envelope ?? step.resultEnvelope ?? step.envelope);
  const made: AfterStep = { def, after, owed: storedOwed(next?.owed), outcome };
  const shared = sharedPersons(known.seats);
  const owesNow = (seats: Seat[]) => !outcome && made.owed.some((o) => seats.some((s) => s.side === o.seat));
  const results: ResultMail[] = [];
  // A seat the computer plays gets no result mail (src/services/bot-seats.ts): a person's mail covers its others.
  for (const seat of known.seats.filter((s) => !shared.has(s.personId) && !s.bot)) {
    const mail = await seatResult(deps, input, made, seat);
    if (mail) results.push({ mail, personId: seat.personId, owes: owesNow([seat]) });
  }
  if (shared.size) {
    const persons = await tx.$queryRawUnsafe<Person[]>(
      `SELECT * FROM "Person" WHERE "gameId" = $1 ORDER BY id`,
      known.game.id,
    );
    for (const person of persons.filter((p) => shared.has(p.id))) {
      const mail = await personResult(deps, input, made, game, person);
      const seats = known.seats.filter((s) => s.personId === person.id && !s.bot);
      if (mail) results.push({ mail, personId: person.id, owes: owesNow(seats) });
    }
  }
  const final = game.status === 'finished' || !!outcome;
  const now = deps.clock();
  const mails = await followPreferences(tx, { gameId: game.id, stepNumber: step.number, final }, results, now);
  await writeOutbox(tx, deps.config, mails, now);
}

/**
 * The envelope a mail covering the steps from `from` starts from (the step's own at its start), for the "since your
 * last turn" summary; undefined when the publisher did not read it.
 */
function startOf(input: StepResults, from: number) {
  const { step } = input.known;
  const envelope = from === step.number ? step.envelope : input.earlier?.find((s) => s.number === from)?.envelope;
  return envelope ? asEnvelope(envelope) : undefined;
}

/** The result mail of a seat held alone, or null when the plan mails it nothing. */
async function seatResult(deps: NotifyDeps, input: StepResults, made: AfterStep, seat: Seat) {
  const { game, step, events, next } = input.known;
  const { def, after, owed, outcome } = made;
  const viewer = { kind: 'seat' as const, seat: seat.side };
  const planned = input.plan ? input.plan[seat.side] : { kind: 'result' as const, from: step.number };
  if (!planned) return null;
  const since = (input.earlier ?? []).filter((s) => s.number >= planned.from);
  const earlier = since.flatMap((s) => def.visibleEvents(s.events, viewer));
  const start = startOf(input, planned.from);
  const ctx = seatMailContext(deps, game, def, seat);
  const owes = owed.some((o) => o.seat === seat.side) && !outcome;
  return composeResult(ctx, {
    stepNumber: step.number,
    ...(planned.from < step.number ? { fromStep: planned.from } : {}),
    ...(planned.kind === 'digest' ? { digest: true } : {}),
    events: [...earlier, ...def.visibleEvents(events, viewer)],
    board: boardOf(def, after, viewer),
    since: start ? boardOf(def, start, viewer) : null,
    owed: owed.filter((o) => o.seat === seat.side),
    deadline: next?.deadlineAt ?? null,
    outcome: game.status === 'finished' || outcome ? outcome : null,
    defaultsApplied: step.defaultsApplied,
    template: owes ? replyTemplateOf(def, ctx.game.data, after.state, seat.side, ctx.seat.locale) : null,
  });
}

/** The result mail of a person holding several seats, or null when the plan mails none of its seats. */
async function personResult(
  deps: NotifyDeps,
  input: StepResults,
  made: AfterStep,
  game: Game,
  person: Person,
): Promise<ComposedMail | null> {
  const { step, events, next } = input.known;
  const { def, after, owed, outcome } = made;
  const seats: Seat[] = input.known.seats.filter((s) => s.personId === person.id && !s.bot);
  const plans = seats
    .map((s) => (input.plan ? input.plan[s.side] : { kind: 'result' as const, from: step.number }))
    .filter((p) => !!p);
  if (!seats.length || !plans.length) return null;
  const from = Math.min(...plans.map((p) => p.from));
  const viewers = seats.map((s) => ({ kind: 'seat' as const, seat: s.side }));
  const earlier = (input.earlier ?? []).filter((s) => s.number >= from).flatMap((s) => s.events);
  const seen: GameEvent[] = visibleToAny(def, [...earlier, ...events], viewers);
  const ctx = personMailContext(deps, game, person, seats);
  const template = outcome ? null : personTemplate(def, ctx.game.data, after.state, owed, seats, ctx.person.locale);
  const sections = ctx.seats.map((s) => {
    const viewer = { kind: 'seat' as const, seat: s.side };
    const start = startOf(input, plans.length ? from : step.number);
    return {
      side: s.side,
      board: boardOf(def, after, viewer),
      since: start ? boardOf(def, start, viewer) : null,
      owed: owed.filter((o) => o.seat === s.side),
    };
  });
  return composeResult(ctx, {
    template,
    stepNumber: step.number,
    ...(from < step.number ? { fromStep: from } : {}),
    ...(plans.every((p) => p.kind === 'digest') ? { digest: true } : {}),
    events: seen,
    seats: sections,
    board: sections.find((s) => s.board)?.board ?? null,
    owed: sections.flatMap((s) => s.owed),
    deadline: next?.deadlineAt ?? null,
    outcome: game.status === 'finished' || outcome ? outcome : null,
    defaultsApplied: step.defaultsApplied,
  });
}
