/** The toy game's events in words (history pages, result mails, `pbem replay --text`), rule ids at the end. */
import type { GameEvent } from '../../../engine/types.ts';

const SEAT = { en: (s: string) => s.toUpperCase(), ja: (s: string) => s.toUpperCase() };

/** One event as a sentence in English or Japanese. */
export function describeEvent(event: GameEvent, locale: 'en' | 'ja'): string {
  const ja = locale === 'ja';
  const rule = event.rule ? ` (${event.rule})` : '';
  const seat = typeof event.seat === 'string' ? SEAT[locale](event.seat) : '';
  switch (event.type) {
    case 'die': {
      const purpose = String(event.purpose ?? '');
      const secretOf = /^hidden (\S+)$/.exec(purpose)?.[1];
      const what = secretOf
        ? ja
          ? `${SEAT.ja(secretOf)} の秘密のダイス`
          : `Secret die of ${SEAT.en(secretOf)}`
        : ja
          ? '公開ダイス'
          : 'Public die';
      return `${what}: d${event.sides} = ${event.value}.`;
    }
    case 'secret': {
      const scored = Number(event.points) > 0;
      if (ja) {
        const result = scored ? `一致、${event.points}点` : '不一致';
        return `${seat} は ${event.pick} を選び、秘密のダイスは ${event.hidden}: ${result}${rule}。`;
      }
      const result = scored ? `a match, ${event.points} points` : 'no match';
      return `${seat} picked ${event.pick}; the secret die shows ${event.hidden}: ${result}${rule}.`;
    }
    case 'round': {
      const round = Number(event.step) + 1;
      if (ja) return `ラウンド ${round} 終了、公開ダイスは ${event.shared}${rule}。`;
      return `Round ${round} ends; the public die shows ${event.shared}${rule}.`;
    }
    default: {
      const { type, rule: _rule, visibleTo: _visibleTo, ...rest } = event;
      return `${type}: ${Object.entries(rest)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(', ')}`;
    }
  }
}
