/**
 * A game whose recorded rules version this code cannot reproduce (docs/contract.md, "Rules versions"): the turn
 * processor does not guess. It leaves the step open with every order kept, pauses the game (so that neither the
 * recovery sweep nor a deadline tries again and again, and the pause does not count against the deadlines), audits
 * why (`rules.unreproducible`, with the version needed and the versions this code has) and tells the moderator by
 * mail. The moderator applies the rules upgrade (src/services/rules-upgrade.ts) or installs code that has the
 * version, then resumes the game.
 */
import type { AnyGamePackage } from '../engine/game-package.ts';
import { reproducibleVersions, unreproducibleMessage } from '../engine/rules-version.ts';
import { mailText } from '../i18n/strings-mail.ts';
import { audit } from './audit.ts';
import { queueNoticeMails } from './deadlines/notices.ts';
import type { ServiceDeps, SqlTx } from './deps.ts';
import type { NoticeText } from './notifier.ts';

/** The game as the refusal needs it (read under the game lock). */
interface RefusedGame {
  id: string;
  name: string;
  moderatorEmail: string | null;
  rulesVersion: string;
  status: string;
}

/** The refusal's answer to the turn processor. */
export type RulesRefusal = { resolved: false; reason: 'rules-version' };

/** Refuses to resolve step `step` of a game under the lock: paused, audited, logged and told to the moderator. */
export async function refuseUnreproducible(
  tx: SqlTx,
  deps: Pick<ServiceDeps, 'log' | 'clock' | 'notifier'>,
  input: { game: RefusedGame; step: { id: string; number: number }; def: AnyGamePackage },
): Promise<RulesRefusal> {
  const { game, step, def } = input;
  const version = game.rulesVersion;
  const message = `step ${step.number} not resolved: the game runs under ${unreproducibleMessage(def, version)}`;
  deps.log.error({ gameId: game.id, step: step.number, rulesVersion: version, code: def.rulesVersion }, message);
  const now = deps.clock();
  if (game.status === 'active') {
    await tx.$executeRawUnsafe(
      `UPDATE "Game" SET status = 'paused', "pausedAt" = $2::timestamp(3), "updatedAt" = $2::timestamp(3) WHERE id = $1`,
      game.id,
      now.toISOString(),
    );
    await audit(tx, game.id, 'system', 'game.pause', { reason: message }, now);
  }
  const detail = { step: step.number, version, reproducible: reproducibleVersions(def), message };
  await audit(tx, game.id, 'system', 'rules.unreproducible', detail, now);
  await queueNoticeMails(tx, deps, {
    game,
    seats: [],
    moderator: true,
    kind: 'rules',
    key: `rules-unreproducible:${step.id}:${version}`,
    text: moderatorText(step.number, version, def),
  });
  return { resolved: false, reason: 'rules-version' };
}

/** The moderator's notice, in English and Japanese in one mail (the moderator has no language of record). */
const moderatorText =
  (n: number, version: string, def: AnyGamePackage): NoticeText =>
  () => {
    const have = reproducibleVersions(def).join(', ');
    const facts = { n, version, have, latest: def.rulesVersion };
    const subject = (lc: 'en' | 'ja') => mailText(lc, 'notice.rulesRefusal.subject', facts);
    const body = (lc: 'en' | 'ja') => mailText(lc, 'notice.rulesRefusal.body', { ...facts, title: def.title[lc] });
    return { subject: `${subject('en')} / ${subject('ja')}`, body: [body('en'), '', body('ja')].join('\n') };
  };
