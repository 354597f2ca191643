/**
 * The service's welcome and result mails grouped per person (src/services/persons.ts): a seat held alone gets its
 * mails as before (src/mail/notify.ts); a person holding several seats gets one welcome mail listing them, and one
 * mail per published step with a section per seat, whenever the notification plan mails any of its seats (the plan
 * still decides per seat: src/services/notify-plan.ts). Written to the outbox in the caller's transaction.
 */
import { boardOf } from '../engine/step-runner.ts';
import type { AnyGame, GameEvent, Outcome, Owed } from '../engine/types.ts';
import type { Person, Seat } from '../generated/prisma/client.ts';
import { syntaxFor } from '../orders-text/game-text.ts';
import { gameDefinition, type SqlTx, type Tx } from '../services/deps.ts';
import { asEnvelope } from '../services/json.ts';
import type { StepResults, WelcomeMails } from '../services/notifier.ts';
import { sharedPersons, visibleToAny } from '../services/persons.ts';
import { calendarUrl } from '../calendar/url.ts';
import type { ComposedMail } from './compose-parts.ts';
import { loadGameWithSeats, personMailContext } from './context.ts';
import { type NotifyDeps, playerPageUrl, queueStepResults, queueWelcome, setUpEvents, welcomeStep } from './notify.ts';
import { writeOutbox } from './outbox.ts';
import { composePersonResult, composePersonWelcome } from './person-compose.ts';
import { replyTemplateOf } from './compose-action.ts';
import type { AnyGamePackage } from '../engine/game-package.ts';

/**
 * Welcome mails, one per person: a person holding one seat gets that seat's welcome (src/mail/notify.ts), a person
 * holding several one listing them (its link signs in for all its seats).
 */
export async function queueWelcomeByPerson(tx: Tx, deps: NotifyDeps, input: WelcomeMails): Promise<void> {
  const game = await loadGameWithSeats(tx, input.gameId);
  const shared = sharedPersons(game.seats);
  const alone = input.persons.filter((p) => !shared.has(p.personId));
  const seats = alone.flatMap((p) => {
    const seat = game.seats.find((s) => s.personId === p.personId);
    return seat ? [{ seatId: seat.id, token: p.token }] : [];
  });
  await queueWelcome(tx, deps, { gameId: input.gameId, seats });
  if (alone.length === input.persons.length) return;
  const def = gameDefinition(deps, game.game);
  const step = await welcomeStep(tx, game.id);
  const owed = step?.owed ?? [];
  const events = step ? await setUpEvents(tx, game.id, step.number) : [];
  const persons = await tx.person.findMany({ where: { gameId: game.id } });
  const mails: ComposedMail[] = [];
  for (const { personId, token } of input.persons) {
    if (!shared.has(personId)) continue;
    const person = persons.find((p) => p.id === personId);
    if (!person) continue;
    const ctx = personMailContext(deps, game, person, game.seats);
    const seats = ctx.seats.map((s) => ({
      side: s.side,
      board: def && step ? boardOf(def, step.envelope, { kind: 'seat', seat: s.side }) : null,
      owed: owed.filter((o) => o.seat === s.side),
    }));
    mails.push(
      composePersonWelcome(ctx, {
        pageUrl: playerPageUrl(deps.config.PUBLIC_URL, game.id, token),
        calendarUrl: calendarUrl(deps.config.PUBLIC_URL, person.calendarToken),
        seats,
        deadline: step?.deadlineAt ?? null,
        syntax: syntaxFor(def ?? {}, ctx.person.locale),
        events: def
          ? visibleToAny(
              def,
              events,
              seats.map((s) => ({ kind: 'seat' as const, seat: s.side })),
            )
          : [],
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

/**
 * Result mails of a just-published step, grouped per person: the seats held alone as `queueStepResults` mails them,
 * and one mail per person that any of whose seats the plan mails. That mail covers the steps from the earliest
 * step any of its seats' mails would cover, shows the events any of its seats may see, and has a section per seat
 * (its map and what it owes next); it is a digest only when every planned seat's mail would be one.
 */
export async function queueStepResultsByPerson(tx: SqlTx, deps: NotifyDeps, input: StepResults): Promise<void> {
  const { known } = input;
  const shared = sharedPersons(known.seats);
  const alone = known.seats.filter((s) => !shared.has(s.personId));
  if (alone.length === known.seats.length) return queueStepResults(tx, deps, input);
  await queueStepResults(tx, deps, { ...input, known: { ...known, seats: alone } });
  const def = gameDefinition(deps, known.game.game);
  if (!def) return;
  const persons = await tx.$queryRawUnsafe<Person[]>(
    `SELECT * FROM "Person" WHERE "gameId" = $1 ORDER BY id`,
    known.game.id,
  );
  const mails: ComposedMail[] = [];
  for (const person of persons) {
    if (!shared.has(person.id)) continue;
    const mail = personResult(deps, def, input, person);
    if (mail) mails.push(mail);
  }
  await writeOutbox(tx, deps.config, mails, deps.clock());
}

/** The result mail of one person, or null when the plan mails none of its seats. */
function personResult(deps: NotifyDeps, def: AnyGame, input: StepResults, person: Person): ComposedMail | null {
  const { game, step, events, next } = input.known;
  const seats: Seat[] = input.known.seats.filter((s) => s.personId === person.id);
  const plans = seats
    .map((s) => (input.plan ? input.plan[s.side] : { kind: 'result' as const, from: step.number }))
    .filter((p) => !!p);
  if (!seats.length || !plans.length) return null;
  const from = Math.min(...plans.map((p) => p.from));
  const viewers = seats.map((s) => ({ kind: 'seat' as const, seat: s.side }));
  const earlier = (input.earlier ?? []).filter((s) => s.number >= from).flatMap((s) => s.events);
  const seen: GameEvent[] = visibleToAny(def, [...earlier, ...events], viewers);
  const after = asEnvelope(next?.envelope ?? step.resultEnvelope ?? step.envelope);
  const owed = (next?.owed ?? []) as unknown as Owed[];
  const outcome = game.outcome as Outcome | null;
  const ctx = personMailContext(deps, game, person, seats);
  const template = outcome ? null : personTemplate(def, ctx.game.data, after.state, owed, seats, ctx.person.locale);
  return composePersonResult(ctx, {
    template,
    stepNumber: step.number,
    ...(from < step.number ? { fromStep: from } : {}),
    ...(plans.every((p) => p.kind === 'digest') ? { digest: true } : {}),
    events: seen,
    seats: ctx.seats.map((s) => ({
      side: s.side,
      board: boardOf(def, after, { kind: 'seat', seat: s.side }),
      owed: owed.filter((o) => o.seat === s.side),
    })),
    deadline: next?.deadlineAt ?? null,
    outcome: game.status === 'finished' || outcome ? outcome : null,
    defaultsApplied: step.defaultsApplied,
  });
}
