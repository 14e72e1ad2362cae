/**
 * The names the console input completes: the preview's globals (the window and its prototypes)
 * and the console's own `let`/`const`/`class` bindings. Reading names runs none of the
 * program's code (no getter, no proxy trap: the prototypes are the ones the window had at boot,
 * and the console scope is the runtime's own object), so it changes nothing and is no input:
 * it is not recorded, and may be asked at any time, paused or not.
 */
import { MAX_GLOBAL_NAMES } from '../protocol/index.ts';

// Captured before the program runs: it could replace them.
const ownNames = Object.getOwnPropertyNames;
const protoOf = Object.getPrototypeOf;
const create = Object.create;

/** Whether a name can be typed as an identifier (ASCII: what completion offers). */
function isIdentifier(name: string): boolean {
  if (name.length === 0 || name.length > 200) return false;
  // Indexing and comparing strings calls nothing the program could replace.
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    const letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$';
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

/** The runtime's own globals (`__ppNav`, `__ppConsoleScope`…): not the user's to complete. */
const isInternal = (name: string) =>
  name[0] === '_' && name[1] === '_' && name[2] === 'p' && name[3] === 'p';

/**
 * Returns the reader of names; `win`'s prototype chain is walked now, before the program runs.
 * `scope` is the console's scope object (its bindings are its own properties).
 */
export function createGlobalNames(win: object, scope: object): () => string[] {
  const holders: object[] = [];
  for (let o: object | null = win; o !== null; o = protoOf(o) as object | null)
    holders[holders.length] = o;
  holders[holders.length] = scope;
  return () => {
    const seen = create(null) as Record<string, true>;
    const names: string[] = [];
    for (let h = 0; h < holders.length; h++) {
      const holder = holders[h]!;
      let own: string[];
      try {
        own = ownNames(holder);
      } catch {
        continue;
      }
      for (let i = 0; i < own.length && names.length < MAX_GLOBAL_NAMES; i++) {
        const name = own[i]!;
        if (seen[name] || !isIdentifier(name) || isInternal(name)) continue;
        seen[name] = true;
        names[names.length] = name;
      }
    }
    return names;
  };
}
