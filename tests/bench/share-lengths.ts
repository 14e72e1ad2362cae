import { deflateSync } from 'fflate';
import LZString from 'lz-string';
import type { Project } from '../../src/protocol';
import { encodeBase64Url } from '../../src/project/share/base64url';
import { encodeProject } from '../../src/project/share/share-codec';

export interface LinkLengths {
  name: string;
  /** `code/` + lz-string compressToEncodedURIComponent of the project as JSON. */
  lzString: number;
  /** `code/` + base64url of plain raw deflate (level 9, no dictionary) of the same JSON. */
  deflate: number;
  /** Our fragment (encodeProject). */
  ours: number;
}

/** The project as JSON, binary files as base64: what a naive share link would carry. */
export function projectJson(project: Project): string {
  const files: Record<string, string | { base64: string; mime: string }> = {};
  for (const [path, f] of Object.entries(project.files))
    files[path] =
      f.kind === 'text'
        ? f.text
        : { base64: Buffer.from(f.bytes).toString('base64'), mime: f.mime };
  return JSON.stringify({ name: project.name, entry: project.entry, files });
}

export function linkLengths(project: Project): LinkLengths {
  const json = projectJson(project);
  const prefix = 'code/'.length;
  return {
    name: project.name,
    lzString: prefix + LZString.compressToEncodedURIComponent(json).length,
    deflate:
      prefix + encodeBase64Url(deflateSync(new TextEncoder().encode(json), { level: 9 })).length,
    ours: encodeProject(project).length,
  };
}
