/**
 * Discord-compatible webhook bodies: `{ username, content, embeds: [...] }`. Discord accepts content up to 2,000
 * characters, an embed description up to 4,096 and up to 25 fields; other chat tools (Slack-style bridges,
 * Mattermost) read the same `content`. Only public information goes into a webhook: it is a shared channel.
 */
import type { WebhookEvent, WebhookMessage } from '../services/notifier.ts';

const COLORS: Record<WebhookEvent, number> = {
  result: 0x2e86de,
  reminder: 0xf39c12,
  missed: 0xc0392b,
  deadline: 0x7f8c8d,
};

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** The JSON body of a webhook request for one message. */
export function discordBody(m: WebhookMessage): Record<string, unknown> {
  return {
    username: 'PBEM Judge',
    content: clip(`[${m.gameName}] ${m.title}`, 2000),
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(m.title, 256),
        description: clip(m.description, 4096),
        ...(m.url ? { url: m.url } : {}),
        color: COLORS[m.event],
        timestamp: m.at.toISOString(),
        fields: (m.fields ?? [])
          .slice(0, 25)
          .map((f) => ({ name: clip(f.name, 256), value: clip(f.value || '-', 1024), inline: f.inline ?? false })),
        footer: { text: m.event },
      },
    ],
  };
}
