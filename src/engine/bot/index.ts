/**
 * The computer player (`decide`): one seat's orders from what that seat may see, for any registered game. See
 * search.ts for the method and sampler.ts for how it is kept from hidden information.
 */
export { decide } from './search.ts';
export { outcomeScore, stateScore } from './score.ts';
export {
  type BotDecision,
  type BotSettings,
  DEFAULT_BOT_CANDIDATES,
  DEFAULT_BOT_ITERATIONS,
} from './settings.ts';
