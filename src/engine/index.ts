/** The engine core: the game contract, seeded dice, canonical JSON and the step runner. */
export * from './types.ts';
export * from './game-package.ts';
export * from './dice.ts';
export * from './canonical-json.ts';
export * from './step-runner.ts';
export * from './visibility.ts';
export * from './record.ts';
export * from './odds.ts';
export * from './choices.ts';
export * from './contract-defaults.ts';
export * from './dice-purpose.ts';
export * from './hidden.ts';
export * from './outcome.ts';
export * from './geometry/index.ts';
