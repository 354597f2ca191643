/**
 * A small three-seat game for service tests of the contract (not shipped), shaped like the coming games:
 * - `bid` (SK 2, GF 7(b)-like): every seat at once, sealed: how many dice (a count) and 3 points of support shared
 *   among the other seats (an allocation). A seat scores the points it receives.
 * - `march` (SK 3, GF 8[2]-like): one seat at a time: hold, or move along a path (a field that depends on the
 *   action) on a small map, at most 2 movement points, stopping on the hill; the hill holds one piece (a limit).
 *   Short alternating steps: only the seat whose move it is gets a mail, and a digest goes out when the phase ends.
 * - `muster` (SK 5): red alone answers a count.
 * Each seat has a marker whose identity (real or dummy) is drawn at the first bid and known to nobody, its owner
 * included, until the end (SK 4, GF 8[2][1]-like). Orders are open information once resolved (FN-like).
 * The outcome: the seats with the most points win (a coalition on a tie, a draw when all tie); red and green are
 * a team, blue another.
 */
import { z } from 'zod';
import { createGameVia, type GameHandle } from './api-helpers.ts';
import { bearerOf, type TestApp } from './app.ts';
import { boardWithoutMap } from '../../src/engine/board.ts';
import { checkChoices } from '../../src/engine/choices.ts';
import { describeDie, rollDie } from '../../src/engine/dice-purpose.ts';
import { hiddenIdentity } from '../../src/engine/hidden.ts';
import { outcomeOf } from '../../src/engine/outcome.ts';
import type {
  ChoiceField,
  ChoiceTree,
  GameDefinition,
  Owed,
  PathEdge,
  RuleError,
  Text,
} from '../../src/engine/types.ts';
import { filterEvents } from '../../src/engine/visibility.ts';

export const SEATS = ['blue', 'green', 'red'] as const;
type Seat = (typeof SEATS)[number];
const MARCH_ORDER: Seat[] = ['red', 'blue', 'green'];

export interface SkState {
  round: number;
  rounds: number;
  digest: boolean;
  phase: 'bid' | 'march' | 'muster' | 'over';
  /** During the march: the index in MARCH_ORDER of the seat whose move it is. */
  turn: number;
  at: Record<Seat, string>;
  score: Record<Seat, number>;
  /** Drawn at the first bid; nobody may know them before the end. */
  marker: Record<Seat, 'real' | 'dummy' | null>;
  lastBids: Record<string, number> | null;
}

export interface SkOrders {
  dice?: number;
  fire?: Record<string, number>;
  action?: 'move' | 'hold';
  path?: string[];
  muster?: number;
}

const t = (en: string, ja = en): Text => ({ en, ja });
const SPACES: Record<string, Text> = {
  rc: t('Red camp', '赤の陣'),
  bc: t('Blue camp', '青の陣'),
  gc: t('Green camp', '緑の陣'),
  ford: t('Ford', '浅瀬'),
  hill: t('Hill', '丘'),
  wood: t('Wood', '森'),
};
const LINKS: [string, string, number][] = [
  ['rc', 'ford', 1],
  ['bc', 'ford', 1],
  ['gc', 'ford', 1],
  ['ford', 'hill', 1],
  ['ford', 'wood', 1],
  ['hill', 'wood', 2],
];
export const EDGES: PathEdge[] = LINKS.flatMap(([a, b, cost]) => [
  { from: a, to: b, cost },
  { from: b, to: a, cost },
]);
const spaceOptions = Object.entries(SPACES).map(([value, label]) => ({ value, label }));
const seatOpt = (s: string) => ({ value: s, label: t(s) });

function owedOf(s: SkState): Owed[] {
  switch (s.phase) {
    case 'bid':
      return SEATS.map((seat) => ({
        seat,
        point: 'SK-D1',
        rule: 'SK 2',
        prompt: t('Bid dice and share 3 points', '入札'),
        sealed: true,
      }));
    case 'march':
      return [{ seat: MARCH_ORDER[s.turn], point: 'SK-D2', rule: 'SK 3', prompt: t('Hold or move', '移動') }];
    case 'muster':
      return [{ seat: 'red', point: 'SK-D3', rule: 'SK 5', prompt: t('Muster', '召集') }];
    default:
      return [];
  }
}

function bidTree(seat: string): ChoiceTree {
  const others = SEATS.filter((x) => x !== seat);
  const fields: ChoiceField[] = [
    {
      key: 'dice',
      label: t('Dice', 'サイコロ'),
      kind: 'count',
      options: [],
      min: 1,
      max: 2,
      required: true,
      defaultValue: 1,
    },
    {
      key: 'fire',
      label: t('Support', '支援'),
      kind: 'allocation',
      options: others.map(seatOpt),
      total: 3,
      sum: 'exact',
      required: true,
    },
  ];
  return { point: 'SK-D1', rule: 'SK 2', prompt: t('Bid'), fields, constraints: [] };
}

function marchTree(s: SkState, seat: Seat): ChoiceTree {
  const occupied = SEATS.some((x) => x !== seat && s.at[x] === 'hill');
  const fields: ChoiceField[] = [
    {
      key: 'action',
      label: t('Action', '行動'),
      kind: 'one',
      options: [seatOpt('hold'), seatOpt('move')],
      required: true,
      defaultValue: 'hold',
    },
    {
      key: 'path',
      label: t('Path', '経路'),
      kind: 'path',
      options: spaceOptions,
      path: { from: s.at[seat], edges: EDGES },
      dependsOn: {
        key: 'action',
        cases: { move: { path: { from: s.at[seat], edges: EDGES, budget: 2, minSteps: 1, stopAt: ['hill'] } } },
      },
      required: true,
    },
  ];
  const limits = [
    {
      kind: 'capacity' as const,
      value: 'hill',
      max: occupied ? 0 : 1,
      fields: ['path'],
      rule: 'SK 3.2',
      label: t('The hill holds one piece', '丘には1個まで'),
    },
  ];
  return {
    point: 'SK-D2',
    rule: 'SK 3',
    prompt: t('March'),
    fields,
    constraints: [t('The hill holds one piece.', '丘には1個まで。')],
    limits,
  };
}

function choicesOf(s: SkState, seat: string): ChoiceTree | null {
  if (!owedOf(s).some((o) => o.seat === seat)) return null;
  if (s.phase === 'bid') return bidTree(seat);
  if (s.phase === 'march') return marchTree(s, seat as Seat);
  return {
    point: 'SK-D3',
    rule: 'SK 5',
    prompt: t('Muster'),
    fields: [{ key: 'muster', label: t('Units', '部隊'), kind: 'count', options: [], min: 0, max: 2, required: true }],
    constraints: [],
  };
}

function resolveBid(
  s: SkState,
  orders: Readonly<Record<string, SkOrders>>,
  ctx: Parameters<GameDefinition['resolve']>[2],
): SkState {
  const next: SkState = { ...s, score: { ...s.score }, marker: { ...s.marker }, phase: 'march', turn: 0 };
  const bids: Record<string, number> = {};
  for (const seat of SEATS) {
    const o = orders[seat];
    let best = 0;
    for (let i = 0; i < (o.dice ?? 1); i++)
      best = Math.max(
        best,
        rollDie(ctx, 6, { rule: 'SK 2', what: t(`${seat} bid die ${i + 1}`, `${seat}の入札サイコロ${i + 1}`) }),
      );
    bids[seat] = best;
    for (const [target, points] of Object.entries(o.fire ?? {})) next.score[target as Seat] += points;
  }
  if (SEATS.some((seat) => s.marker[seat] === null)) {
    // SK 4: each marker's identity is drawn blind; the die is visible to nobody (the moderator sees it).
    for (const seat of SEATS)
      next.marker[seat] =
        rollDie(ctx, 2, { rule: 'SK 4', what: t('marker identity', 'マーカーの正体') }, []) === 1 ? 'real' : 'dummy';
  }
  next.lastBids = bids;
  ctx.emit({ type: 'bids', rule: 'SK 2', bids });
  return next;
}

function resolveMarch(
  s: SkState,
  orders: Readonly<Record<string, SkOrders>>,
  ctx: Parameters<GameDefinition['resolve']>[2],
): SkState {
  const seat = MARCH_ORDER[s.turn];
  const o = orders[seat];
  const path = o.action === 'move' ? (o.path ?? []) : [];
  const next: SkState = {
    ...s,
    at: { ...s.at, [seat]: path.length ? path[path.length - 1] : s.at[seat] },
    turn: s.turn + 1,
  };
  ctx.emit({ type: 'moved', rule: 'SK 3', seat, path });
  if (next.turn === MARCH_ORDER.length) next.phase = 'muster';
  return next;
}

/** `digest`: whether the other seats get a digest when the march ends (else they hear at the next mail to all). */
const options = z.object({ rounds: z.number().int().min(1).max(3).default(1), digest: z.boolean().default(true) });

export const skirmish: GameDefinition<SkState, SkOrders, z.infer<typeof options>, Record<string, never>> = {
  id: 'skirmish',
  title: t('Skirmish', '小競り合い'),
  rulesVersion: '1',
  modes: ['mail'],
  sides: () => SEATS.map((seat) => ({ seat, name: t(seat[0].toUpperCase() + seat.slice(1)) })),
  optionsSchema: options,
  optionDocs: [],
  board: (s) =>
    boardWithoutMap(
      t('Skirmish', '小競り合い'),
      SEATS.map((seat) => ({ id: seat, name: t(seat), colour: '#555555' })),
      {
        turn: s.turn,
        phase: t(s.phase),
        scores: [],
        toMove: [],
      },
    ),
  dataSchema: z.object({}),
  defaultData: {},
  checkData: () => [],
  ordersSchema: z
    .object({
      dice: z.number().optional(),
      fire: z.record(z.string(), z.number()).optional(),
      action: z.enum(['move', 'hold']).optional(),
      path: z.array(z.string()).optional(),
      muster: z.number().optional(),
    })
    .strict(),
  setup: ({ options: o }) => ({
    round: 0,
    rounds: o.rounds,
    digest: o.digest,
    phase: 'bid',
    turn: 0,
    at: { red: 'rc', blue: 'bc', green: 'gc' },
    score: { red: 0, blue: 0, green: 0 },
    marker: { red: null, blue: null, green: null },
    lastBids: null,
  }),
  owed: owedOf,
  view(s, viewer) {
    if (viewer.kind === 'moderator') return s;
    const over = s.phase === 'over';
    // SK 4 (GF 8[2][1]): the owner does not know its own marker either.
    const markers = Object.fromEntries(
      SEATS.map((seat) => [seat, over ? s.marker[seat] : hiddenIdentity(`marker-${seat}`, seat)]),
    );
    return { round: s.round, phase: s.phase, turn: s.turn, at: s.at, score: s.score, lastBids: s.lastBids, markers };
  },
  visibleEvents: (events, viewer) => filterEvents(events, viewer),
  choices: choicesOf,
  validate(s, seat, orders) {
    const tree = choicesOf(s, seat);
    if (!tree)
      return [
        {
          code: 'sk/not-owed',
          message: t('nothing is owed from you now', '今は命令不要です'),
          rule: 'SK 1',
        } satisfies RuleError,
      ];
    return checkChoices(tree, orders);
  },
  defaultOrders(s, seat) {
    if (s.phase === 'bid') return { dice: 1, fire: { [SEATS.find((x) => x !== seat)!]: 3 } };
    if (s.phase === 'march') return { action: 'hold' };
    return { muster: 0 };
  },
  resolve(s, orders, ctx) {
    if (s.phase === 'bid') return resolveBid(s, orders, ctx);
    if (s.phase === 'march') return resolveMarch(s, orders, ctx);
    if (s.phase === 'muster') {
      ctx.emit({ type: 'mustered', rule: 'SK 5', count: orders.red?.muster ?? 0 });
      const round = s.round + 1;
      return { ...s, round, phase: round >= s.rounds ? 'over' : 'bid' };
    }
    return s;
  },
  outcome(s) {
    if (s.phase !== 'over') return null;
    const best = Math.max(...SEATS.map((x) => s.score[x]));
    const winners = SEATS.filter((x) => s.score[x] === best);
    const teams = [
      { id: 'alliance', name: t('Alliance', '同盟'), seats: ['green', 'red'] },
      { id: 'horde', name: t('Horde', '軍団'), seats: ['blue'] },
    ];
    const draw = winners.length === SEATS.length;
    return outcomeOf({
      winners: draw ? [] : [...winners],
      draw,
      teams,
      reason: t(`most points: ${best}`, `最多得点: ${best}`),
      rule: 'SK 6',
      score: s.score,
    });
  },
  describeEvent(e, lc) {
    if (e.type === 'die') return describeDie(e, lc);
    const { type, rule, visibleTo: _v, ...rest } = e;
    return `${type} ${JSON.stringify(rest)} (${String(rule)})`;
  },
  invariants: () => [],
  // Everything is open (FN-like): any seat may see others' orders, but a sealed bid only once it is resolved.
  visibleOrders: (q) => q.orders,
  notify(prev, next) {
    if (prev.phase !== 'march') return { results: 'all' };
    // GF 8[2]-like: one short move at a time mails only the seat to move; a digest for the others at the phase end.
    return next.phase === 'march' || !next.digest ? { results: 'owing' } : { results: 'owing', digest: true };
  },
};

/** Sealed bids of the three seats (SK 1) that every test of a skirmish game can send. */
export const SKIRMISH_BIDS = {
  red: { dice: 2, fire: { blue: 1, green: 2 } },
  green: { dice: 1, fire: { red: 3 } },
  blue: { dice: 1, fire: { red: 1, green: 2 } },
};

/**
 * A skirmish game with blue and green held by duo@ (one person: `greenEmail` is duo@'s address, spelt as a test
 * likes), red by solo@ alone; the person's bearer header.
 */
export async function duoAndSolo(
  t: TestApp,
  greenEmail = 'duo@example.org',
): Promise<{ g: GameHandle; duo: { authorization: string } }> {
  const seats = [
    { side: 'blue', email: 'duo@example.org' },
    { side: 'red', email: 'solo@example.org' },
    { side: 'green', email: greenEmail },
  ];
  const g = await createGameVia(t, { game: 'skirmish', mode: 'mail', seats });
  return { g, duo: bearerOf((g.body.persons as { token: string }[])[0].token) };
}
