/**
 * Name tables for order grammars: every entity (unit, area, ...) is found by its id, its number, or its English or
 * Japanese name, across full-width/half-width and case differences, and names of several words are matched
 * longest first. A key shared by two entities of one kind is ambiguous and refused rather than guessed.
 */
import { nameKey } from './normalize.ts';

/** One nameable thing: `kind` is the grammar's category (`unit`, `area`), `keys` are its names by priority. */
export interface NamedEntity {
  kind: string;
  id: string;
  /** keys[0] are exact (ids, numbers), keys[1] names, keys[2] loose forms (initials, ids without zeros). */
  keys: string[][];
}

/** A lookup result: the entity id, how many tokens it used, or `ambiguous` with the candidates. */
export type NameMatch = { id: string; length: number } | { ambiguous: string[]; length: number };

/** Most tokens one name may span ("British DD 1", "Western Approaches"). */
const MAX_SPAN = 4;

/** A per-kind table of keys -> entity ids, with a priority level per key. */
export class NameTable {
  private readonly byKind = new Map<string, Map<string, { level: number; ids: Set<string> }>>();

  constructor(entities: readonly NamedEntity[]) {
    for (const e of entities) {
      let table = this.byKind.get(e.kind);
      if (!table) {
        table = new Map();
        this.byKind.set(e.kind, table);
      }
      e.keys.forEach((keys, level) => {
        for (const raw of keys) {
          const key = nameKey(raw);
          if (!key) continue;
          const have = table.get(key);
          if (!have || have.level > level) table.set(key, { level, ids: new Set([e.id]) });
          else if (have.level === level) have.ids.add(e.id);
        }
      });
    }
  }

  /** Looks up one already-joined text as a name of `kind`. */
  lookup(kind: string, text: string): { id: string } | { ambiguous: string[] } | null {
    const hit = this.byKind.get(kind)?.get(nameKey(text));
    if (!hit) return null;
    const ids = [...hit.ids].sort();
    return ids.length === 1 ? { id: ids[0] } : { ambiguous: ids };
  }

  /** The longest name of `kind` starting at tokens[start] (up to 4 tokens). */
  match(kind: string, tokens: readonly string[], start: number): NameMatch | null {
    for (let len = Math.min(MAX_SPAN, tokens.length - start); len >= 1; len--) {
      const span = tokens.slice(start, start + len);
      if (span.some((t) => t === '->' || t === ',' || t === ':')) continue;
      const hit = this.lookup(kind, span.join(' '));
      if (hit) return 'id' in hit ? { id: hit.id, length: len } : { ambiguous: hit.ambiguous, length: len };
    }
    return null;
  }
}

/** Initials of a multi-word English name ("Western Approaches" -> "WA"); undefined for one word. */
export function initials(name: string): string | undefined {
  const words = name.split(/[\s-]+/).filter((w) => /^[A-Za-z]/.test(w));
  return words.length >= 2 ? words.map((w) => w[0]).join('') : undefined;
}
