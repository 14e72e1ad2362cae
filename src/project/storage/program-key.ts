import type { Project, ProjectFile } from '../../protocol';

/** What a build's output depends on besides the bundler's own code. */
export interface ProgramKeyInput {
  /** The project's files as the build reads them. */
  files: Project['files'];
  /** The entry the build starts from. */
  entry: string;
  /** The ESM CDN base bare imports resolve against. */
  cdnBase: string;
  /** The bundler's version (its sources and esbuild's), so a new app never reuses an old program. */
  bundler: string;
}

const encoder = new TextEncoder();

const hex = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Each file's digest, by the file object: the project store keeps an unchanged file's object
 * (see file-changes.ts), so a key after a one-file edit hashes one file's bytes, not the project's.
 */
const digests = new WeakMap<ProjectFile, Promise<string>>();

const fileDigest = (file: ProjectFile): Promise<string> => {
  let digest = digests.get(file);
  if (!digest) {
    const bytes = file.kind === 'text' ? encoder.encode(file.text) : file.bytes;
    digest = hex(bytes as Uint8Array<ArrayBuffer>);
    digests.set(file, digest);
  }
  return digest;
};

/**
 * A SHA-256 of everything a build depends on, hex: equal keys mean the bundler would give the
 * same program. The files enter as their paths, types and digests, in path order, in JSON (so
 * no two inputs collide by concatenation). Runs in the browser and under Node (the build makes
 * the shipped program's key).
 */
export async function programKey({
  files,
  entry,
  cdnBase,
  bundler,
}: ProgramKeyInput): Promise<string> {
  const paths = Object.keys(files).sort();
  const parts = await Promise.all(
    paths.map(async (path) => {
      const file = files[path]!;
      const type = file.kind === 'text' ? 'text' : `binary ${file.mime}`;
      return [path, type, await fileDigest(file)];
    }),
  );
  return hex(encoder.encode(JSON.stringify([bundler, entry, cdnBase, parts])));
}
