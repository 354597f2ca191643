/**
 * The sign-in link of every mail to a player. A composer (pure) writes `SIGN_IN_SLOT` where the link goes; the
 * outbox writer, in the mail's transaction, makes a fresh link for the mail's seat or person (a row in
 * `SignInLink` holding only the key's hash) and writes its address into the text and the HTML. So every result,
 * reminder and reply is a way back to the player's page, and a link leaked with one old mail dies on its own. The
 * links of a batch of mails are made in one statement: src/mail/player-links.ts.
 */

/** Where a composed mail wants its sign-in link (text and HTML alike: it survives HTML escaping). */
export const SIGN_IN_SLOT = '[[sign-in-link]]';

/** The settings a sign-in link needs. */
export interface SignInSite {
  PUBLIC_URL: string;
  SIGN_IN_LINK_DAYS: number;
}

/** The address of a sign-in link. */
export const signInUrl = (publicUrl: string, key: string): string => `${publicUrl.replace(/\/$/, '')}/in/${key}`;
