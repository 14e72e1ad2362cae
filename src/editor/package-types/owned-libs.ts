import type { TypeFile } from '../../protocol/package-types';

/** Adds a lib for the TypeScript service (or replaces the one at `uri`); returns its removal. */
export type SetLib = (text: string, uri: string) => () => void;

/**
 * The packages' type files as Monaco extra libs, each kept while some imported package brought
 * it (two packages may share a dependency's files): a package's new files replace its old ones,
 * and none (its import gone) removes those no other package brought. Files go under
 * file:///node_modules/, where TypeScript's lookup finds them.
 */
export function createOwnedLibs(setLib: SetLib): (files: TypeFile[], name: string) => void {
  const libs = new Map<string, { text: string; owners: Set<string>; remove: () => void }>();
  return (files, name) => {
    const brought = new Set<string>();
    for (const { path, text } of files) {
      const uri = 'file:///node_modules/' + path;
      brought.add(uri);
      const lib = libs.get(uri);
      if (lib?.text === text) {
        lib.owners.add(name);
        continue;
      }
      lib?.remove();
      const owners = new Set([...(lib?.owners ?? []), name]);
      libs.set(uri, { text, owners, remove: setLib(text, uri) });
    }
    for (const [uri, lib] of libs) {
      if (brought.has(uri) || !lib.owners.delete(name) || lib.owners.size > 0) continue;
      lib.remove();
      libs.delete(uri);
    }
  };
}
