/**
 * The computer player's determinization (docs/contract.md, `sampleHidden`). The other seat's standing orders are
 * never seen (spec 5.2): taken as none. Mail mode is otherwise open (AW 12.0, AW-A31). In standard mode the units
 * the seat cannot tell apart (face-down Allied units, AW 6.0-Step3, AW-A06; the cups, AW 5.0[2], 7.0[1]; the groups
 * of hidden-twin.ts) are first put in a canonical order, which depends only on what each unit's place in the
 * position looks like, and then shuffled within their groups: two positions the seat cannot tell apart give the
 * same samples.
 */
import { canonicalJson } from '../../../engine/canonical-json.ts';
import { shuffled } from '../../../engine/shuffled.ts';
import type { SeatId, Viewer } from '../../../engine/types.ts';
import type { AwSide } from '../data/schema.ts';
import { indexOf } from '../data/data-index.ts';
import { invariants } from '../rules/invariants.ts';
import type { AwState } from '../state.ts';
import { hiddenGroups, rename, secondState } from './hidden-twin.ts';

/** What unit `id` of `group` looks like in `s`: its place, and the position with it and its group mates unnamed. */
function signature(s: AwState, group: readonly string[], id: string): string {
  const blanks = new Map(group.map((u) => [u, u === id ? '\u0001' : '\u0002']));
  const { data: _data, options: _options, loc, ...rest } = s;
  return `${loc[indexOf(s.data).order.get(id)!]}|${canonicalJson(rename(rest, blanks))}`;
}

/** The permutation that gives the units of `group`, sorted by how they look, the group's ids in data order. */
function canonicalOrder(s: AwState, group: readonly string[]): Map<string, string> {
  const order = indexOf(s.data).order;
  const byLook = group.map((id) => ({ id, look: signature(s, group, id) }));
  byLook.sort((a, b) => (a.look < b.look ? -1 : a.look > b.look ? 1 : 0));
  const ids = [...group].sort((a, b) => order.get(a)! - order.get(b)!);
  return new Map(byLook.map((u, i) => [u.id, ids[i]]).filter(([a, b]) => a !== b) as [string, string][]);
}

/** A random permutation within `group`. */
function shuffleOf(group: readonly string[], rand: () => number): Map<string, string> {
  const to = shuffled(group, rand);
  return new Map(group.map((id, i) => [id, to[i]]).filter(([a, b]) => a !== b) as [string, string][]);
}

/** The canonical form of `s` for a viewer, kept per state: it is asked for at every iteration of a decision. */
const canonicalForms = new WeakMap<AwState, Map<AwSide, AwState>>();

function canonicalFor(s: AwState, seat: AwSide, standing: Partial<AwState['standing']>): AwState {
  const forms = canonicalForms.get(s) ?? new Map<AwSide, AwState>();
  canonicalForms.set(s, forms);
  let form = forms.get(seat);
  if (!form) {
    const viewer: Viewer = { kind: 'seat', seat };
    form = secondState(s, new Map(), standing);
    for (const group of hiddenGroups(form, viewer)) form = secondState(form, canonicalOrder(form, group), {});
    forms.set(seat, form);
  }
  return form;
}

/** A position the seat cannot tell from `s`, drawn from `rand` and from what the seat sees only. */
export function sampleHidden(s: AwState, seat: SeatId, rand: () => number): AwState {
  const side = seat as AwSide;
  const other: AwSide = side === 'allied' ? 'german' : 'allied';
  const standing = { [other]: null } as Partial<AwState['standing']>;
  if (s.mode === 'mail') return { ...s, standing: { ...s.standing, ...standing } };
  const form = canonicalFor(s, side, standing);
  let sample = form;
  for (const group of hiddenGroups(form, { kind: 'seat', seat: side })) {
    sample = secondState(sample, shuffleOf(group, rand), {});
  }
  // A shuffle the rules would not allow (one unit of a group bound where another may not be) is not drawn.
  return invariants(sample).length ? form : sample;
}
