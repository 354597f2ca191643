/** The settings the mail code reads (validated with the rest in src/config.ts, documented in .env.example). */
import type { Config, MailSettingName } from '../config.ts';

/** The mail settings, and the sender's address, domain and public URL. */
export type MailSettings = Pick<Config, MailSettingName | 'MAIL_FROM' | 'MAIL_DOMAIN' | 'PUBLIC_URL' | 'NODE_ENV'>;
