/** The generic order-text layer: normalisation, names, commands, and the per-game grammar registry. */
export * from './types.ts';
export * from './normalize.ts';
export * from './names.ts';
export * from './parse.ts';
export * from './registry.ts';
