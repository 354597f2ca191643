/** Geometry shared by games: graphs of spaces and hex grids (src/engine/geometry/). */
export * from './graph.ts';
export * from './hex.ts';
export * from './path-spec.ts';
