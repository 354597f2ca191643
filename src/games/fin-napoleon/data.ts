/**
 * Fin-Napoleon's component data as data (FN 1.1, 1.2, 3.2, 5.0, 10.3, 11.0): the 14 areas, land and sea adjacency,
 * home areas and VP, the simplified War Status Chart, the activation table and the morale start. Values the rulebook
 * does not print (FN-A01) are labelled `reconstructed` here and in docs/fin-napoleon.md; the sea adjacencies and
 * Britain's 6 VP are the known values of the designer's pages.
 */
import { z } from 'zod';

/** The six nations, France first, then the Allies in their fixed activation order (FN 5.0[4]). */
export const NATIONS = ['france', 'prussia', 'austria', 'russia', 'spain', 'britain'] as const;
export type Nation = (typeof NATIONS)[number];
/** The five Allied nations in their fixed order (FN 5.0[4]). */
export const ALLIES = ['prussia', 'austria', 'russia', 'spain', 'britain'] as const;
export type Ally = (typeof ALLIES)[number];

const text = z.object({ en: z.string().min(1), ja: z.string().min(1) });
const nation = z.enum(NATIONS);

const areaSchema = z.object({
  id: z.string().regex(/^[A-Z]{2,3}$/),
  name: text,
  /** Extra spellings accepted in order text (besides the names and the id). */
  aliases: z.array(z.string()).default([]),
  kind: z.enum(['land', 'sea']),
  /** The nation whose home area this is (FN 1.1[4]). */
  home: nation.optional(),
  /** Grid position of the area's panel on the drawn map. */
  at: z.tuple([z.number(), z.number()]),
});

const chartSchema = z.object({
  initial: z.number().int().min(0),
  reinforcement: z.number().int().min(0),
  maximum: z.number().int().min(1),
  /** Initial war state of an Allied nation (FN 2.2-3); France has none (FN 3.1[3]). */
  atWar: z.boolean(),
  /** VP printed on the home area (FN 1.1[5], 10.3[4]); 0 for France. */
  vp: z.number().int().min(0),
  colour: z.string().regex(/^#[0-9a-f]{6}$/),
  name: text,
  aliases: z.array(z.string()).default([]),
});

/** zod schema of a Fin-Napoleon data set. */
export const fnDataSchema = z.object({
  name: z.string(),
  areas: z.array(areaSchema).min(2),
  /** Land adjacency (FN 1.1[11]: France and Italy are not adjacent). */
  land: z.array(z.tuple([z.string(), z.string()])),
  /** Sea adjacency (FN 1.1[8]): sea-sea and sea-coast pairs. */
  sea: z.array(z.tuple([z.string(), z.string()])),
  chart: z.object(Object.fromEntries(NATIONS.map((n) => [n, chartSchema])) as Record<Nation, typeof chartSchema>),
  /** FN 5.0[6], FN-A02: the die roll N puts France in slot `activationSlots[N-1]` (1 = before Prussia). */
  activationSlots: z.array(z.number().int().min(1).max(6)).length(6),
  moraleStart: z.number().int().min(1),
  /** FN 10.1, 12.0[M][7]: the South France area. */
  southFrance: z.string(),
  /** FN 10.2: the areas of the attrition check in Russian territory (Russia and West Russia). */
  russianTerritory: z.array(z.string()),
  /** FN 10.3[4]: France wins with at least this many VP of Allied nations at peace. */
  frenchVictoryVp: z.number().int().min(1),
  /** Which values are reconstructed (not printed): shown with the board. */
  reconstructed: z.array(z.string()),
});
export type FnData = z.infer<typeof fnDataSchema>;

const A = (id: string, en: string, ja: string, kind: 'land' | 'sea', at: [number, number], more = {}) => ({
  id,
  name: { en, ja },
  aliases: [] as string[],
  kind,
  at,
  ...more,
});
const chart = (
  en: string,
  ja: string,
  colour: string,
  [initial, reinforcement, maximum]: [number, number, number],
  atWar: boolean,
  vp: number,
  aliases: string[],
) => ({ initial, reinforcement, maximum, atWar, vp, colour, name: { en, ja }, aliases });

/** The shipped data set. */
export const defaultData: FnData = {
  name: 'Fin-Napoleon 2.x simplified (reconstructed chart)',
  areas: [
    A('GB', 'Britain', 'イギリス', 'land', [0, 0], { home: 'britain', aliases: ['england', '英国', '英'] }),
    A('ATL', 'Atlantic', '大西洋', 'sea', [0, 1], { aliases: ['atlantic ocean'] }),
    A('BAL', 'Baltic', 'バルト海', 'sea', [2, 0], { aliases: ['baltic sea'] }),
    A('FR', 'France', 'フランス', 'land', [1, 1], { home: 'france', aliases: ['仏'] }),
    A('RH', 'Confederation of the Rhine', 'ライン連邦', 'land', [2, 1], { aliases: ['rhine', 'ライン'] }),
    A('PR', 'Prussia', 'プロイセン', 'land', [3, 0], { home: 'prussia', aliases: ['プロシア', '普'] }),
    A('WA', 'Warsaw', 'ワルシャワ', 'land', [4, 0], { aliases: ['duchy of warsaw'] }),
    A('RU', 'Russia', 'ロシア', 'land', [5, 0], { home: 'russia', aliases: ['露'] }),
    A('WR', 'West Russia', '西方ロシア', 'land', [5, 1], { aliases: ['western russia', '西ロシア'] }),
    A('AU', 'Austria', 'オーストリア', 'land', [3, 1], { home: 'austria', aliases: ['墺'] }),
    A('SF', 'South France', '南フランス', 'land', [1, 2], { aliases: ['southern france', '南仏'] }),
    A('IT', 'Italy', 'イタリア', 'land', [2, 2], { aliases: ['伊'] }),
    A('SP', 'Spain', 'スペイン', 'land', [0, 3], { home: 'spain', aliases: ['西'] }),
    A('MED', 'Mediterranean', '地中海', 'sea', [1, 3], { aliases: ['mediterranean sea'] }),
  ],
  // reconstructed (FN-A01): land borders drawn from the map of 1805; only "France-Italy not adjacent" is printed.
  land: [
    ['FR', 'SF'],
    ['FR', 'RH'],
    ['SF', 'RH'],
    ['SF', 'IT'],
    ['SF', 'SP'],
    ['RH', 'PR'],
    ['RH', 'AU'],
    ['IT', 'AU'],
    ['PR', 'WA'],
    ['PR', 'AU'],
    ['WA', 'AU'],
    ['WA', 'WR'],
    ['AU', 'WR'],
    ['WR', 'RU'],
  ],
  // Known (component facts): the three seas and their coasts.
  sea: [
    ['BAL', 'ATL'],
    ['BAL', 'RH'],
    ['BAL', 'PR'],
    ['BAL', 'WR'],
    ['BAL', 'RU'],
    ['ATL', 'MED'],
    ['ATL', 'GB'],
    ['ATL', 'SP'],
    ['ATL', 'FR'],
    ['ATL', 'SF'],
    ['ATL', 'RH'],
    ['MED', 'SP'],
    ['MED', 'FR'],
    ['MED', 'SF'],
    ['MED', 'IT'],
    ['MED', 'AU'],
  ],
  // reconstructed (FN-A01, FN-A03): one column per nation; Britain's 6 VP is known.
  chart: {
    france: chart('France', 'フランス', '#3b6fd6', [8, 3, 12], true, 0, ['仏']),
    prussia: chart('Prussia', 'プロイセン', '#8c8c8c', [3, 2, 5], false, 4, ['プロシア', '普']),
    austria: chart('Austria', 'オーストリア', '#f08a24', [4, 2, 6], true, 4, ['墺']),
    russia: chart('Russia', 'ロシア', '#3a9a4a', [4, 2, 7], true, 5, ['露']),
    spain: chart('Spain', 'スペイン', '#e6c619', [2, 1, 3], false, 2, ['西']),
    britain: chart('Britain', 'イギリス', '#d23a3a', [2, 1, 4], true, 6, ['england', '英国', '英']),
  },
  // FN-A02 R1: a roll of N puts France in slot N (the known example: 2 gives Prussia, France, Austria...).
  activationSlots: [1, 2, 3, 4, 5, 6],
  moraleStart: 15,
  southFrance: 'SF',
  russianTerritory: ['RU', 'WR'],
  frenchVictoryVp: 10,
  reconstructed: [
    'land adjacency',
    'War Status Chart: initial strength, reinforcement value, maximum strength, initial war state',
    'VP of Prussia, Austria, Russia and Spain',
    'activation table rolls other than 2',
  ],
};

/** Checks beyond shape: unique ids, known areas in every pair, one home area per nation. */
export function checkData(data: FnData): string[] {
  const problems: string[] = [];
  const ids = new Set(data.areas.map((a) => a.id));
  if (ids.size !== data.areas.length) problems.push('FN 1.1[1]: area ids are not unique');
  for (const [a, b] of [
    ...data.land,
    ...data.sea,
    [data.southFrance, data.southFrance],
    ...data.russianTerritory.map((r) => [r, r]),
  ]) {
    if (!ids.has(a) || !ids.has(b)) problems.push(`FN 1.1: adjacency ${a}-${b} names an unknown area`);
  }
  for (const n of NATIONS) {
    const homes = data.areas.filter((a) => a.home === n);
    if (homes.length !== 1) problems.push(`FN 1.1[4]: ${n} has ${homes.length} home areas, not 1`);
    const c = data.chart[n];
    if (c.initial > c.maximum) problems.push(`FN 2.2-2: ${n} starts with more units than its maximum`);
  }
  for (const [a, b] of data.land) {
    const kinds = [a, b].map((id) => data.areas.find((x) => x.id === id)?.kind);
    if (kinds.includes('sea')) problems.push(`FN 1.1: land adjacency ${a}-${b} names a sea area`);
  }
  return problems;
}
