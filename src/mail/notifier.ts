/** The mail half of the service's notifier (src/services/notifier.ts): every mail it queues, composed here. */
import type { Notifier } from '../services/notifier.ts';
import { queueNoticeMails, queueReviewNotice } from './notices.ts';
import { type NotifyDeps, queueStepResults, queueWelcome } from './notify.ts';
import { queueSignInLinkMail } from './sign-in-mail.ts';

/** The notifier's mail operations, on the service's settings, clock and game packages. */
export function mailNotifier(deps: NotifyDeps): Omit<Notifier, 'webhooks'> {
  return {
    welcome: (tx, mails) => queueWelcome(tx, deps, mails),
    stepResults: (tx, results) => queueStepResults(tx, deps, results),
    reviewNotice: (tx, notice) => queueReviewNotice(tx, deps, notice),
    notices: (tx, notices) => queueNoticeMails(tx, deps, notices),
    signInLink: (tx, to) => queueSignInLinkMail(tx, deps, to),
  };
}
