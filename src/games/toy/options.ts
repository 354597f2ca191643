/** The toy game's one option (TOY 1). */
import { z } from 'zod';
import type { OptionDoc } from '../../engine/types.ts';

/** TOY 1: how many steps a game lasts. */
export const toyOptionsSchema = z.object({ rounds: z.number().int().min(1).max(10).default(4) });
export type ToyOptions = z.infer<typeof toyOptionsSchema>;

/** The documented options. */
export const toyOptionDocs: readonly OptionDoc[] = [
  {
    key: 'rounds',
    rule: 'TOY 1',
    description: { en: 'steps in a game', ja: 'ゲームのステップ数' },
    values: [1, 2, 3, 4],
    default: 4,
  },
];
