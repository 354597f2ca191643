/** The generic order-text layer: normalisation, names, commands, JSON orders, any game's text through its package. */
export * from './types.ts';
export * from './normalize.ts';
export * from './names.ts';
export * from './parse.ts';
export * from './json-orders.ts';
export * from './game-text.ts';
