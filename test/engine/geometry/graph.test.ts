/**
 * Graph queries against brute force on small random graphs: the cheapest legal path is legal, connected and
 * minimal; what a budget reaches; connected components for supply tracing; the PathSpec of a move.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkChoices } from '../../../src/engine/choices.ts';
import {
  components,
  graphOf,
  neighbours,
  reachable,
  shortestPath,
  traces,
  type Edge,
  type Graph,
} from '../../../src/engine/geometry/graph.ts';
import { pathSpecOf } from '../../../src/engine/geometry/path-spec.ts';

const NODES = ['a', 'b', 'c', 'd', 'e', 'f'];
const edgeArb = fc
  .record({ from: fc.constantFrom(...NODES), to: fc.constantFrom(...NODES), cost: fc.constantFrom(0.5, 1, 2, 3) })
  .filter((e) => e.from !== e.to);
const graphArb = fc.record({
  edges: fc.array(edgeArb, { maxLength: 14 }),
  blocked: fc.subarray(NODES),
  from: fc.constantFrom(...NODES),
  to: fc.constantFrom(...NODES),
});

/** Every simple path from `from` to `to` whose entered spaces are not blocked, with its cost (brute force). */
function allPaths(g: Graph, from: string, to: string, blocked: Set<string>): { path: string[]; cost: number }[] {
  const out: { path: string[]; cost: number }[] = [];
  const walk = (path: string[], cost: number) => {
    const at = path[path.length - 1];
    if (at === to) out.push({ path: [...path], cost });
    for (const e of g.out.get(at) ?? []) {
      if (path.includes(e.to) || blocked.has(e.to)) continue;
      walk([...path, e.to], cost + (e.cost ?? 1));
    }
  };
  walk([from], 0);
  return out;
}

const legalPath = (g: Graph, path: string[], blocked: Set<string>): boolean =>
  path.slice(1).every((n, i) => !blocked.has(n) && (g.out.get(path[i]) ?? []).some((e) => e.to === n));
const pathCost = (g: Graph, path: string[]): number =>
  path
    .slice(1)
    .reduce(
      (s, n, i) => s + Math.min(...(g.out.get(path[i]) ?? []).filter((e) => e.to === n).map((e) => e.cost ?? 1)),
      0,
    );

describe('shortest legal paths', () => {
  test('the path found is legal, starts and ends right, and costs no more than any legal path (brute force)', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, blocked, from, to }) => {
        const g = graphOf(edges, { nodes: NODES });
        const stop = new Set(blocked.filter((n) => n !== from));
        const found = shortestPath(g, from, to, { legal: (e) => !stop.has(e.to) });
        const brute = allPaths(g, from, to, stop);
        if (!brute.length) return found === null;
        if (!found) return false;
        expect(found.path[0]).toBe(from);
        expect(found.path[found.path.length - 1]).toBe(to);
        expect(legalPath(g, found.path, stop)).toBe(true);
        expect(found.cost).toBe(pathCost(g, found.path));
        expect(found.cost).toBe(Math.min(...brute.map((p) => p.cost)));
        return true;
      }),
      { numRuns: 400 },
    );
  });

  test('the same graph gives the same path whatever the order its edges were listed in', () => {
    fc.assert(
      fc.property(graphArb, fc.infiniteStream(fc.nat()), ({ edges, from, to }, stream) => {
        const shuffled = [...edges]
          .map((e) => [stream.next().value as number, e] as const)
          .sort((x, y) => x[0] - y[0])
          .map(([, e]) => e);
        expect(shortestPath(graphOf(shuffled, { nodes: NODES }), from, to)).toEqual(
          shortestPath(graphOf(edges, { nodes: NODES }), from, to),
        );
      }),
    );
  });

  test('what a budget reaches is exactly the spaces whose cheapest path fits in it', () => {
    fc.assert(
      fc.property(graphArb, fc.constantFrom(1, 2, 3.5), ({ edges, from }, budget) => {
        const g = graphOf(edges, { nodes: NODES });
        const reach = reachable(g, from, budget);
        for (const n of NODES) {
          const best = shortestPath(g, from, n);
          expect(reach.get(n), n).toBe(best && best.cost <= budget ? best.cost : undefined);
        }
      }),
    );
  });

  test('FN 9.12[3]: a unit may leave its start among enemies but stops where it enters them', () => {
    const g = graphOf(
      [
        { from: 'FR', to: 'RH' },
        { from: 'RH', to: 'PR' },
        { from: 'FR', to: 'BE' },
        { from: 'BE', to: 'PR', cost: 1 },
      ],
      { undirected: true },
    );
    const enemies = new Set(['FR', 'RH']);
    const legal = (e: Edge, fromStart: boolean) => fromStart || !enemies.has(e.from);
    expect(shortestPath(g, 'FR', 'PR', { legal })?.path).toEqual(['FR', 'BE', 'PR']);
    expect(neighbours(g, 'FR')).toEqual(['BE', 'RH']);
  });
});

describe('components and supply (OC 5.1(2)-(3))', () => {
  test('two spaces share a component exactly when one reaches the other without blocked spaces (brute force)', () => {
    fc.assert(
      fc.property(graphArb, ({ edges, blocked }) => {
        const g = graphOf(edges, { nodes: NODES });
        const kept = NODES.filter((n) => !blocked.includes(n));
        const parts = components(g, { keep: (n) => !blocked.includes(n) });
        expect(parts.flat().sort()).toEqual(kept);
        const undirected = graphOf(edges, { nodes: NODES, undirected: true });
        for (const a of kept) {
          for (const b of kept) {
            const together = parts.some((p) => p.includes(a) && p.includes(b));
            const linked = a === b || allPaths(undirected, a, b, new Set(blocked)).length > 0;
            expect(together, `${a}-${b}`).toBe(linked);
          }
        }
      }),
    );
  });

  test('OC 5.1(3)[2]: an enemy-controlled point breaks the supply line', () => {
    const g = graphOf(
      [
        { from: 'Tobruk', to: 'ElAdem' },
        { from: 'ElAdem', to: 'SidiRezegh' },
        { from: 'SidiRezegh', to: 'EastEdge' },
      ],
      { undirected: true },
    );
    expect(traces(g, 'Tobruk', ['EastEdge'])).toBe(true);
    expect(traces(g, 'Tobruk', ['EastEdge'], { keep: (n) => n !== 'SidiRezegh' })).toBe(false);
    expect(
      traces(g, 'Tobruk', ['EastEdge'], {
        usable: (e) =>
          !(e.from === 'ElAdem' && e.to === 'SidiRezegh') && !(e.to === 'ElAdem' && e.from === 'SidiRezegh'),
      }),
    ).toBe(false);
  });
});

describe('the PathSpec of a move', () => {
  test('the cheapest path to every space the spec reaches passes the shared check of choices', () => {
    fc.assert(
      fc.property(graphArb, fc.constantFrom(1, 2, 3), ({ edges, blocked, from }, budget) => {
        const g = graphOf(edges, { nodes: NODES });
        const stopAt = blocked.filter((n) => n !== from);
        const spec = pathSpecOf(g, from, budget, { stopAt });
        const tree = {
          point: 'X',
          rule: 'X',
          prompt: { en: '', ja: '' },
          constraints: [],
          fields: [{ key: 'p', label: { en: '', ja: '' }, kind: 'path' as const, options: [], path: spec }],
        };
        const stops = new Set(stopAt);
        for (const [node] of reachable(g, from, budget, (e, fromStart) => fromStart || !stops.has(e.from))) {
          const p = shortestPath(g, from, node, { legal: (e, fromStart) => fromStart || !stops.has(e.from) });
          expect(checkChoices(tree, { p: p!.path.slice(1) })).toEqual([]);
        }
      }),
    );
  });
});
