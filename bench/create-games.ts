/**
 * Game creation benchmark, in process: games created through the service call behind POST /api/games (createGame:
 * the game, its seats, step 0, its deadline jobs and the welcome mails), `--clients` at a time, with the CPU of this
 * process and of its Postgres backends per game and the statements per game (bench/statement-count.ts). The HTTP
 * layer is left out: this is what the service does per game. Postgres: BENCH_DATABASE_URL or DATABASE_URL, else
 * 127.0.0.1:5432 (a fresh database is made on it and dropped).
 * Usage: node --import tsx bench/create-games.ts [--games 400 --clients 8]
 * Last line: { games, clients, seconds, gamesPerSecond, cpuMsPerGame, dbCpuMsPerGame, statementsPerGame, ... }
 */
import { printFigures } from './report.ts';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { pino } from 'pino';
import { testConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { createGame } from '../src/services/games.ts';
import { createSqlPool, type ServiceDeps } from '../src/services/deps.ts';
import { withNotifier } from '../src/server/notifier.ts';
import { createScratchDatabase } from './scratch-database.ts';
import './prisma-compile-cost.ts';
import { backendCpuSeconds, ownCpuSeconds, statementCounts, statementsPer } from './statement-count.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const GAMES = arg('games', 400);
const CLIENTS = arg('clients', 8);
const server =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `pbem_bench_${randomBytes(4).toString('hex')}`;
const scratch = await createScratchDatabase(server, name);
try {
  const db = createDb(scratch.url, { max: 20 });
  const pool = createSqlPool(scratch.url, { max: 20 });
  const deps: ServiceDeps = withNotifier({
    db,
    pool, // as the service has: its hot paths in SQL run on it
    log: pino({ level: 'silent' }),
    config: testConfig({ MAIL_DOMAIN: 'judge.test' }),
    clock: () => new Date(),
  });
  let n = 0;
  const create = () =>
    createGame(deps, {
      game: 'atlantic-wolves',
      mode: 'mail',
      seats: [
        { side: 'allied', email: `ally${n++}@example.org` },
        { side: 'german', email: `wolf${n++}@example.jp`, locale: 'ja' },
      ],
    });
  const run = async (count: number) => {
    for (let i = 0; i < count; i++) await create();
  };
  await Promise.all(Array.from({ length: CLIENTS }, () => run(5))); // warm-up
  const per = Math.ceil(GAMES / CLIENTS);
  const dbCpuBefore = await backendCpuSeconds(server, name);
  const cpuBefore = ownCpuSeconds();
  const countsBefore = statementCounts();
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CLIENTS }, () => run(per)));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const total = per * CLIENTS;
  const cpuMsPerGame = +(((ownCpuSeconds() - cpuBefore) * 1000) / total).toFixed(2);
  const statements = statementsPer(countsBefore, statementCounts(), total);
  const dbCpuMsPerGame = +((((await backendCpuSeconds(server, name)) - dbCpuBefore) * 1000) / total).toFixed(2);
  printFigures({
    games: total,
    clients: CLIENTS,
    seconds: +seconds.toFixed(2),
    gamesPerSecond: +(total / seconds).toFixed(1),
    cpuMsPerGame,
    dbCpuMsPerGame,
    statementsPerGame: statements.total,
    statementKindsPerGame: statements.byKind,
    loadAverage: loadavg()[0],
    targetGamesPerSecond: 200,
  });
  await db.$disconnect();
  await pool.end();
} finally {
  await scratch.drop();
}
