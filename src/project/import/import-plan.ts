/**
 * What an upload would do to the project, decided before anything changes: each incoming
 * file's project path (checked: nothing outside the project, valid names, no duplicates),
 * text or binary, the limits, and which existing files it would overwrite.
 */
import type { ProjectFile } from '../../protocol';
import { messages, q, type ImportLimits } from './import-limits';
import { isBinaryPath, mimeOf } from '../model/file-types';
import {
  basename,
  createPathIndex,
  dirname,
  extname,
  normalizePath,
  validatePath,
} from '../model/paths';

/** One uploaded file as read: path relative to where it was dropped or inside its zip. */
export interface RawFile {
  path: string;
  bytes: Uint8Array;
  /** The zip it came from, for messages. */
  source?: string;
}

export type ImportPlan =
  | { ok: false; errors: string[] }
  | {
      ok: true;
      /** Incoming files by their project path. */
      files: Map<string, ProjectFile>;
      /** Incoming path → the existing file (same path, maybe other case) it would overwrite. */
      clashes: Map<string, string>;
      /** Things worth saying that do not stop the import (e.g. kept as binary). */
      notes: string[];
    };

export type ClashChoice = 'replace' | 'keep-both';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Text when the bytes are UTF-8 (a BOM is kept), binary for known formats and anything else. */
export function toProjectFile(
  path: string,
  bytes: Uint8Array,
): { file: ProjectFile; notUtf8: boolean } {
  const binary = (): ProjectFile => ({ kind: 'binary', bytes, mime: mimeOf(path) });
  if (isBinaryPath(path)) return { file: binary(), notUtf8: false };
  // NUL never appears in text people edit; it does in nearly every binary format.
  if (bytes.includes(0)) return { file: binary(), notUtf8: true };
  try {
    return { file: { kind: 'text', text: utf8.decode(bytes) }, notUtf8: false };
  } catch {
    return { file: binary(), notUtf8: true };
  }
}

/** The project path for an uploaded path, or why it can't have one. */
export function projectPath(raw: string): { path: string } | { error: string } {
  const slashed = raw.replace(/\\/g, '/');
  if (slashed.startsWith('/') || /^[a-z]:/i.test(slashed))
    return { error: 'is an absolute path; only paths inside the project can be uploaded.' };
  if (slashed.split('/').includes('..'))
    return { error: 'leads outside the project (“..”); nothing can be written there.' };
  const path = normalizePath(slashed);
  const shape = validatePath(path, []);
  return shape ? { error: shape } : { path };
}

const MAX_ERRORS = 12;

export function planImport(
  raw: RawFile[],
  existing: { files: Record<string, ProjectFile>; folders: string[] },
  limits: ImportLimits,
): ImportPlan {
  const errors: string[] = [];
  const notes: string[] = [];
  const where = (f: RawFile) => (f.source ? `${q(f.path)} in ${q(f.source)}` : q(f.path));
  if (raw.length === 0) return { ok: false, errors: [messages.empty()] };
  if (raw.length > limits.maxFiles)
    return { ok: false, errors: [messages.tooManyFiles(raw.length, limits)] };
  const total = raw.reduce((n, f) => n + f.bytes.length, 0);
  if (total > limits.maxTotalBytes) errors.push(messages.totalTooBig(total, limits));

  const files = new Map<string, ProjectFile>();
  const seen = new Map<string, string>();
  const existingLower = new Map(Object.keys(existing.files).map((p) => [p.toLowerCase(), p]));
  const clashes = new Map<string, string>();
  const index = createPathIndex(Object.keys(existing.files), { folders: existing.folders });
  const notUtf8: string[] = [];
  for (const f of raw) {
    if (f.bytes.length > limits.maxFileBytes) {
      errors.push(messages.fileTooBig(f.path, f.bytes.length, limits));
      continue;
    }
    const checked = projectPath(f.path);
    if ('error' in checked) {
      errors.push(`${where(f)}: ${checked.error}`);
      continue;
    }
    const { path } = checked;
    const twin = seen.get(path.toLowerCase());
    if (twin !== undefined) {
      errors.push(
        twin === path
          ? `${q(path)} appears twice in the upload.`
          : `${q(twin)} and ${q(path)} differ only in case, which clashes on macOS and Windows.`,
      );
      continue;
    }
    seen.set(path.toLowerCase(), path);
    const same = existingLower.get(path.toLowerCase());
    if (same !== undefined) clashes.set(path, same);
    else {
      // Against the project and the upload so far: a file where a folder is, and so on.
      const invalid = index.check(path);
      if (invalid) {
        errors.push(`${where(f)}: ${invalid}`);
        continue;
      }
      index.add(path);
    }
    const { file, notUtf8: odd } = toProjectFile(path, f.bytes);
    if (odd && /^text\/|json|javascript|typescript/.test(mimeOf(path))) notUtf8.push(path);
    files.set(path, file);
  }
  if (errors.length > 0) {
    const more = errors.length - MAX_ERRORS;
    return {
      ok: false,
      errors: more > 1 ? [...errors.slice(0, MAX_ERRORS), `…and ${more} more problems.`] : errors,
    };
  }
  if (notUtf8.length > 0)
    notes.push(
      `Not UTF-8 text, so kept as binary (bytes unchanged): ${notUtf8.map(q).join(', ')}.`,
    );
  return { ok: true, files, clashes, notes };
}

/** The files to write once the user chose what to do with clashes. */
export function resolveClashes(
  plan: Extract<ImportPlan, { ok: true }>,
  choice: ClashChoice,
  existingPaths: Iterable<string>,
): Record<string, ProjectFile> {
  const out = new Map<string, ProjectFile>();
  const taken = new Set([...existingPaths].map((p) => p.toLowerCase()));
  for (const path of plan.files.keys()) taken.add(path.toLowerCase());
  for (const [path, file] of plan.files) {
    const existing = plan.clashes.get(path);
    if (existing === undefined) out.set(path, file);
    else if (choice === 'replace') out.set(existing, file);
    else {
      const free = freeName(path, taken);
      taken.add(free.toLowerCase());
      out.set(free, file);
    }
  }
  return Object.fromEntries(out);
}

/** `src/App.tsx` → `src/App (1).tsx`, `src/App (2).tsx`… whichever is free. */
export function freeName(path: string, taken: Set<string>): string {
  const dir = dirname(path);
  const base = basename(path);
  const ext = extname(base) ? base.slice(base.lastIndexOf('.')) : '';
  const stem = base.slice(0, base.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = `${dir ? dir + '/' : ''}${stem} (${n})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
