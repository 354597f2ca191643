/**
 * The shipped ship roster (GF 2-1, GF-A01: NOT IN TEXT, every entry reconstructed from the historical fleets of
 * 1914-1918). A row: id, type, English name, Japanese name, reinforcement turn (null: in play at the start; for
 * American ships, on unrestricted submarine warfare), circled, star (Audacious, GF 12[4]).
 */
import type { ShipData } from './schema.ts';

type Row = [string, string, string, string, number | null, boolean?, boolean?];

const BRITISH: Row[] = [
  ['GB01', 'BB', 'King George V', 'キング・ジョージ5世', null],
  ['GB02', 'BB', 'Centurion', 'センチュリオン', null],
  ['GB03', 'BB', 'Ajax', 'エイジャックス', null],
  ['GB04', 'BB', 'Audacious', 'オーディシャス', null, false, true],
  ['GB05', 'BB', 'Iron Duke', 'アイアン・デューク', null],
  ['GB06', 'BB', 'Marlborough', 'マールバラ', null],
  ['GB07', 'BB', 'Benbow', 'ベンボウ', null],
  ['GB08', 'BB', 'Emperor of India', 'エンペラー・オブ・インディア', null],
  ['GB09', 'BB', 'Orion', 'オライオン', null],
  ['GB10', 'BB', 'Monarch', 'モナーク', null],
  ['GB11', 'BB', 'Conqueror', 'コンカラー', null],
  ['GB12', 'BB', 'Thunderer', 'サンダラー', null],
  ['GB13', 'B', 'Dreadnought', 'ドレッドノート', null],
  ['GB14', 'B', 'Bellerophon', 'ベレロフォン', null],
  ['GB15', 'B', 'Superb', 'シュパーブ', null],
  ['GB16', 'B', 'Temeraire', 'テメレーア', null],
  ['GB17', 'B', 'St Vincent', 'セント・ヴィンセント', null],
  ['GB18', 'B', 'Collingwood', 'コリングウッド', null],
  ['GB19', 'B', 'Vanguard', 'ヴァンガード', null],
  ['GB20', 'B', 'Neptune', 'ネプチューン', null],
  ['GB21', 'B', 'Colossus', 'コロッサス', null],
  ['GB22', 'B', 'Hercules', 'ハーキュリーズ', null],
  ['GB23', 'B', 'Agincourt', 'エジンコート', null, true],
  ['GB24', 'B', 'Erin', 'エリン', null, true],
  ['GB25', 'BC', 'Lion', 'ライオン', null],
  ['GB26', 'BC', 'Princess Royal', 'プリンセス・ロイヤル', null],
  ['GB27', 'BC', 'Queen Mary', 'クイーン・メリー', null],
  ['GB28', 'BC', 'New Zealand', 'ニュージーランド', null],
  ['GB29', 'BC', 'Indefatigable', 'インディファティガブル', null],
  ['GB30', 'BC', 'Australia', 'オーストラリア', null],
  ['GB31', '(BC)', 'Invincible', 'インヴィンシブル', null],
  ['GB32', '(BC)', 'Inflexible', 'インフレキシブル', null],
  ['GB33', '(BC)', 'Indomitable', 'インドミタブル', null],
  ['GB34', '(B)', 'King Edward VII', 'キング・エドワード7世', null],
  ['GB35', '(B)', 'Dominion', 'ドミニオン', null],
  ['GB36', '(B)', 'Commonwealth', 'コモンウェルス', null],
  ['GB37', '(B)', 'Hindustan', 'ヒンドゥスタン', null],
  ['GB38', '(B)', 'Zealandia', 'ジーランディア', null],
  ['GB39', '(B)', 'Africa', 'アフリカ', null],
  ['GB40', '(B)', 'Britannia', 'ブリタニア', null],
  ['GB41', '(B)', 'Hibernia', 'ハイバーニア', null],
  ['GB42', 'BC', 'Tiger', 'タイガー', 2],
  ['GB43', 'BB', 'Queen Elizabeth', 'クイーン・エリザベス', 2],
  ['GB44', 'BB', 'Warspite', 'ウォースパイト', 2],
  ['GB45', 'BB', 'Barham', 'バーラム', 3],
  ['GB46', 'BB', 'Valiant', 'ヴァリアント', 3],
  ['GB47', 'BB', 'Malaya', 'マレーヤ', 3],
  ['GB48', 'BB', 'Royal Sovereign', 'ロイヤル・ソヴリン', 4],
  ['GB49', 'BB', 'Revenge', 'リヴェンジ', 4],
  ['GB50', 'BB', 'Royal Oak', 'ロイヤル・オーク', 4],
  ['GB51', 'BB', 'Resolution', 'レゾリューション', 5],
  ['GB52', 'BB', 'Ramillies', 'ラミリーズ', 5],
  ['GB53', 'BC', 'Renown', 'レナウン', 5],
  ['GB54', 'BC', 'Repulse', 'レパルス', 5],
  ['GB55', 'BB', 'Canada', 'カナダ', 6, true],
];

const GERMAN: Row[] = [
  ['DE01', 'BB', 'König', 'ケーニヒ', null],
  ['DE02', 'BB', 'Grosser Kurfürst', 'グローサー・クルフュルスト', null],
  ['DE03', 'BB', 'Markgraf', 'マルクグラーフ', null],
  ['DE04', 'BB', 'Kronprinz', 'クロンプリンツ', null],
  ['DE05', 'B', 'Kaiser', 'カイザー', null],
  ['DE06', 'B', 'Friedrich der Grosse', 'フリードリッヒ・デア・グローセ', null],
  ['DE07', 'B', 'Kaiserin', 'カイザーリン', null],
  ['DE08', 'B', 'Prinzregent Luitpold', 'プリンツレゲント・ルイトポルト', null],
  ['DE09', 'B', 'König Albert', 'ケーニヒ・アルベルト', null, true],
  ['DE10', 'B', 'Helgoland', 'ヘルゴラント', null],
  ['DE11', 'B', 'Ostfriesland', 'オストフリースラント', null],
  ['DE12', 'B', 'Thüringen', 'テューリンゲン', null],
  ['DE13', 'B', 'Oldenburg', 'オルデンブルク', null],
  ['DE14', 'B', 'Nassau', 'ナッサウ', null],
  ['DE15', 'B', 'Westfalen', 'ヴェストファーレン', null],
  ['DE16', 'B', 'Rheinland', 'ラインラント', null],
  ['DE17', 'B', 'Posen', 'ポーゼン', null],
  ['DE18', '(BC)', 'Von der Tann', 'フォン・デア・タン', null],
  ['DE19', 'BC', 'Moltke', 'モルトケ', null],
  ['DE20', 'BC', 'Seydlitz', 'ザイドリッツ', null],
  ['DE21', '(B)', 'Deutschland', 'ドイッチュラント', null],
  ['DE22', '(B)', 'Hannover', 'ハノーファー', null],
  ['DE23', '(B)', 'Pommern', 'ポンメルン', null],
  ['DE24', '(B)', 'Schlesien', 'シュレジェン', null],
  ['DE25', '(B)', 'Schleswig-Holstein', 'シュレスヴィヒ・ホルシュタイン', null],
  ['DE26', '(B)', 'Braunschweig', 'ブラウンシュヴァイク', null],
  ['DE27', '(B)', 'Elsass', 'エルザス', null],
  ['DE28', '(B)', 'Hessen', 'ヘッセン', null],
  ['DE29', '(B)', 'Preussen', 'プロイセン', null],
  ['DE30', '(B)', 'Lothringen', 'ロートリンゲン', null],
  ['DE31', 'BC', 'Derfflinger', 'デアフリンガー', 2],
  ['DE32', 'BC', 'Lützow', 'リュッツォウ', 3],
  ['DE33', 'BB', 'Bayern', 'バイエルン', 4],
  ['DE34', 'BB', 'Baden', 'バーデン', 5],
  ['DE35', 'BC', 'Hindenburg', 'ヒンデンブルク', 5],
  ['DE36', 'BB', 'Sachsen', 'ザクセン', 7, true],
  ['DE37', 'BC', 'Mackensen', 'マッケンゼン', 8],
];

const AMERICAN: Row[] = [
  ['US01', 'BB', 'New York', 'ニューヨーク', null],
  ['US02', 'BB', 'Texas', 'テキサス', null],
  ['US03', 'B', 'Wyoming', 'ワイオミング', null],
  ['US04', 'B', 'Florida', 'フロリダ', null],
  ['US05', 'B', 'Delaware', 'デラウェア', null, true],
  ['US06', 'B', 'Arkansas', 'アーカンソー', 4, true],
  ['US07', 'BB', 'Nevada', 'ネヴァダ', 4, true],
  ['US08', 'BB', 'Oklahoma', 'オクラホマ', 4, true],
];

const ship =
  (nation: ShipData['nation']) =>
  ([id, type, en, ja, arrives, circled = false, star = false]: Row): ShipData => ({
    ...{ id, nation, name: { en, ja }, type, arrives, circled, star },
  });

/** Every ship of the shipped set. */
export const ROSTER: ShipData[] = [
  ...BRITISH.map(ship('british')),
  ...GERMAN.map(ship('german')),
  ...AMERICAN.map(ship('american')),
];
