/**
 * From a game's graph to the `path` choice a client fills in: the connections a move may follow from where the
 * piece stands, within its budget, as the ChoiceTree's PathSpec (src/engine/choice-types.ts).
 */
import type { PathSpec } from '../choice-types.ts';
import { reachable, type Graph, type StepRule } from './graph.ts';

/**
 * The PathSpec of a move from `from`: only the edges between spaces a legal move can reach within `budget` (a
 * client is not shown connections it can never use), plus the budget and the stop and no-end spaces given.
 */
export function pathSpecOf(
  g: Graph,
  from: string,
  budget: number,
  opts: { legal?: StepRule; stopAt?: string[]; noEndAt?: string[]; maxSteps?: number } = {},
): PathSpec {
  const stops = new Set(opts.stopAt ?? []);
  // A stop space can be entered but not left (unless it is the start).
  const legal: StepRule = (e, fromStart) =>
    (fromStart || !stops.has(e.from)) && (!opts.legal || opts.legal(e, fromStart));
  const reach = reachable(g, from, budget, legal);
  const edges = [];
  for (const node of [...reach.keys()].sort()) {
    for (const e of g.out.get(node) ?? []) {
      if (!reach.has(e.to) || !legal(e, node === from) || reach.get(node)! + (e.cost ?? 1) > budget) continue;
      edges.push({
        from: e.from,
        to: e.to,
        ...(e.cost !== undefined ? { cost: e.cost } : {}),
        ...(e.via ? { via: e.via } : {}),
      });
    }
  }
  return {
    from,
    edges,
    budget,
    ...(opts.stopAt?.length ? { stopAt: [...opts.stopAt] } : {}),
    ...(opts.noEndAt?.length ? { noEndAt: [...opts.noEndAt] } : {}),
    ...(opts.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
  };
}
