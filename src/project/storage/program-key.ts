import type { Project } from '../../protocol';

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

/**
 * A SHA-256 of everything a build depends on, hex: equal keys mean the bundler would give the
 * same program. Paths are sorted and each part is length-framed, so no two inputs collide by
 * concatenation. Runs in the browser and under Node (the build makes the shipped program's key).
 */
export async function programKey({
  files,
  entry,
  cdnBase,
  bundler,
}: ProgramKeyInput): Promise<string> {
  const parts: Uint8Array[] = [encoder.encode(JSON.stringify([bundler, entry, cdnBase]))];
  for (const path of Object.keys(files).sort()) {
    const file = files[path]!;
    const body = file.kind === 'text' ? encoder.encode(file.text) : file.bytes;
    const head = file.kind === 'text' ? [path, 'text'] : [path, 'binary', file.mime];
    parts.push(encoder.encode(JSON.stringify([...head, body.length])), body);
  }
  let length = 0;
  for (const part of parts) length += part.length + 4;
  const all = new Uint8Array(length);
  const view = new DataView(all.buffer);
  let at = 0;
  for (const part of parts) {
    view.setUint32(at, part.length);
    all.set(part, at + 4);
    at += part.length + 4;
  }
  const digest = await crypto.subtle.digest('SHA-256', all);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
