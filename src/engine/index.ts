/** The engine core: the game contract, seeded dice, canonical JSON and the step runner. */
export * from './types.ts';
export * from './game-package.ts';
export * from './dice.ts';
export * from './canonical-json.ts';
export * from './step-runner.ts';
export * from './visibility.ts';
export * from './record.ts';
export * from './odds.ts';
