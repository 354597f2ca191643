/**
 * Fin-Napoleon's shipped data set (FN 1.1, 1.2, 3.2, 5.0, 10.3, 11.0): the 14 areas, land and sea adjacency, home
 * areas and VP, the simplified War Status Chart, the activation table and the morale start. Values the rulebook does
 * not print (FN-A01) are labelled `reconstructed` here and in docs/fin-napoleon.md; the sea adjacencies and Britain's
 * 6 VP are the known values of the designer's pages.
 */
import type { FnData } from './schema.ts';

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
