/**
 * Graphs of spaces shared by games: areas and sea zones (FN 9.1), points and roads (OC 6.2), hexes (GF 8[3]).
 * Adjacency, movement costs, cheapest legal paths (Dijkstra; breadth-first when every step costs the same),
 * what a budget reaches, and connected components for supply tracing (OC 5.1(2)). Pure and deterministic: ties
 * are broken by space id, so the same graph always gives the same path.
 */

/** One connection from a space to the next, with what a step along it costs (default 1). */
export interface Edge {
  from: string;
  to: string;
  cost?: number;
  /** What the connection is (`road`, `coastal`, `sea`...), for legality rules and readers. */
  via?: string;
}

/** A graph ready for queries: spaces in id order, outgoing edges per space (cheapest first, then by id). */
export interface Graph {
  nodes: readonly string[];
  out: ReadonlyMap<string, readonly Edge[]>;
}

/** Builds a graph from edges (both ways when `undirected`); `nodes` adds spaces without connections. */
export function graphOf(edges: readonly Edge[], opts: { undirected?: boolean; nodes?: readonly string[] } = {}): Graph {
  const out = new Map<string, Edge[]>();
  const add = (e: Edge) => {
    if (!(e.cost === undefined || (Number.isFinite(e.cost) && e.cost >= 0)))
      throw new Error(`edge ${e.from}-${e.to}: cost ${e.cost} is not a finite number >= 0`);
    const list = out.get(e.from) ?? [];
    list.push(e);
    out.set(e.from, list);
    if (!out.has(e.to)) out.set(e.to, []);
  };
  for (const n of opts.nodes ?? []) if (!out.has(n)) out.set(n, []);
  for (const e of edges) {
    add(e);
    if (opts.undirected) add({ ...e, from: e.to, to: e.from });
  }
  for (const list of out.values()) list.sort((a, b) => costOf(a) - costOf(b) || cmp(a.to, b.to));
  return { nodes: [...out.keys()].sort(cmp), out };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const costOf = (e: Edge): number => e.cost ?? 1;

/** The spaces one step from `node`, in id order (each once). */
export function neighbours(g: Graph, node: string): string[] {
  return [...new Set((g.out.get(node) ?? []).map((e) => e.to))].sort(cmp);
}

/**
 * Whether a step may be taken: the edge, and whether it leaves the start (FN 9.12[2]: French units may leave an
 * area with enemies; FN 9.12[3]: a unit that entered 2+ enemies stops there, so no step leaves such an area later).
 */
export type StepRule = (edge: Edge, fromStart: boolean) => boolean;

/** A cheapest path: the spaces from start to end (both included) and what it costs. */
export interface PathResult {
  path: string[];
  cost: number;
}

/** A small binary heap of (cost, node) pairs, ordered by cost then node id. */
class Queue {
  private items: [number, string][] = [];
  get size(): number {
    return this.items.length;
  }
  private less(i: number, j: number): boolean {
    const [a, b] = [this.items[i], this.items[j]];
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  }
  push(cost: number, node: string): void {
    const it = this.items;
    it.push([cost, node]);
    for (let i = it.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      [it[i], it[p]] = [it[p], it[i]];
      i = p;
    }
  }
  pop(): [number, string] {
    const it = this.items;
    const top = it[0];
    const last = it.pop()!;
    if (it.length) {
      it[0] = last;
      for (let i = 0; ; ) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let m = i;
        if (l < it.length && this.less(l, m)) m = l;
        if (r < it.length && this.less(r, m)) m = r;
        if (m === i) break;
        [it[i], it[m]] = [it[m], it[i]];
        i = m;
      }
    }
    return top;
  }
}

/**
 * The cheapest costs from `from` to every space reachable by legal steps within `budget` (Dijkstra). A step's
 * legality depends on the edge and on whether it leaves the start, never on the path behind it, so the cheapest
 * path to a space is made of cheapest paths. Returns each space's cost and previous space (to rebuild the path).
 */
export function costsFrom(
  g: Graph,
  from: string,
  opts: { legal?: StepRule; budget?: number } = {},
): Map<string, { cost: number; prev: string | null }> {
  const best = new Map<string, { cost: number; prev: string | null }>([[from, { cost: 0, prev: null }]]);
  const done = new Set<string>();
  const queue = new Queue();
  queue.push(0, from);
  while (queue.size) {
    const [cost, node] = queue.pop();
    if (done.has(node)) continue;
    done.add(node);
    for (const e of g.out.get(node) ?? []) {
      const next = cost + costOf(e);
      if (opts.budget !== undefined && next > opts.budget) continue;
      if (opts.legal && !opts.legal(e, node === from)) continue;
      const known = best.get(e.to);
      if (known && (known.cost < next || (known.cost === next && (known.prev ?? '') <= node))) continue;
      best.set(e.to, { cost: next, prev: node });
      queue.push(next, e.to);
    }
  }
  return best;
}

/** A cheapest legal path from `from` to `to` (the start alone when they are the same), or null. */
export function shortestPath(
  g: Graph,
  from: string,
  to: string,
  opts: { legal?: StepRule; budget?: number } = {},
): PathResult | null {
  const best = costsFrom(g, from, opts);
  const end = best.get(to);
  if (!end) return null;
  const path = [to];
  for (let at = end.prev; at !== null; at = best.get(at)!.prev) path.push(at);
  return { path: path.reverse(), cost: end.cost };
}

/** Every space a legal move from `from` can reach within `budget`, with its cheapest cost (the start included). */
export function reachable(g: Graph, from: string, budget: number, legal?: StepRule): Map<string, number> {
  const out = new Map<string, number>();
  for (const [node, { cost }] of costsFrom(g, from, { budget, legal })) out.set(node, cost);
  return out;
}

/**
 * The connected components of the spaces `keep` allows, joining two spaces when a usable edge links them either
 * way (OC 5.1(2)-(3): points and roads not blocked by the enemy). Each component is sorted; components are ordered
 * by their first space.
 */
export function components(
  g: Graph,
  opts: { keep?: (node: string) => boolean; usable?: (edge: Edge) => boolean } = {},
): string[][] {
  const kept = g.nodes.filter((n) => !opts.keep || opts.keep(n));
  const keptSet = new Set(kept);
  const links = new Map<string, string[]>(kept.map((n) => [n, []]));
  for (const n of kept) {
    for (const e of g.out.get(n) ?? []) {
      if (!keptSet.has(e.to) || (opts.usable && !opts.usable(e))) continue;
      links.get(n)!.push(e.to);
      links.get(e.to)!.push(n);
    }
  }
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const start of kept) {
    if (seen.has(start)) continue;
    const part: string[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) {
      const n = stack.pop()!;
      part.push(n);
      for (const m of links.get(n)!) {
        if (seen.has(m)) continue;
        seen.add(m);
        stack.push(m);
      }
    }
    out.push(part.sort(cmp));
  }
  return out;
}

/** Whether `from` connects to any of `sources` through kept spaces and usable edges (a supply line, OC 5.1(2)). */
export function traces(
  g: Graph,
  from: string,
  sources: readonly string[],
  opts: { keep?: (node: string) => boolean; usable?: (edge: Edge) => boolean } = {},
): boolean {
  const part = components(g, opts).find((c) => c.includes(from));
  return !!part && sources.some((s) => part.includes(s));
}
